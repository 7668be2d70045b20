import { Button, Card, H2, H4, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { useTheme } from '../../layout/ThemeProvider';
import { useNotifications } from '../../layout/Notifications';
import { SETTING_KEYS, useSetting } from '../../settings/local-settings';
import { PreferenceCheckboxes } from '../analytics/CookieBanner';
import { DEFAULT_CHOICE, saveConsent, storedConsent, type PreferenceChoice } from '../analytics/consent';

// /my/settings: the preferences kept in this browser (spec s3): theme, sidebar and the
// analytics consent the cookie banner asked for.

function choiceOf(consent: ReturnType<typeof storedConsent>): PreferenceChoice {
  if (!consent) return DEFAULT_CHOICE;
  const { analytics_enabled, performance_tracking, personalization, advertising } = consent;
  return { analytics_enabled, performance_tracking, personalization, advertising };
}

function AppearanceSettings() {
  const { dark } = useTheme();
  // Same fallbacks as ThemeProvider and Shell: null follows the system preference.
  const [storedDark, setStoredDark] = useSetting<boolean | null>(SETTING_KEYS.darkMode, null);
  const [collapsed, setCollapsed] = useSetting<boolean>(SETTING_KEYS.sidebarCollapsed, false);
  return (
    <Card className="im-section">
      <H4>Appearance</H4>
      <Switch
        label="Follow the system's light or dark setting"
        checked={storedDark === null}
        onChange={(e) => setStoredDark(e.currentTarget.checked ? null : dark)}
      />
      <Switch label="Dark mode" checked={dark} onChange={(e) => setStoredDark(e.currentTarget.checked)} />
      <Switch
        label="Collapse the sidebar to icons"
        checked={collapsed}
        onChange={(e) => setCollapsed(e.currentTarget.checked)}
      />
    </Card>
  );
}

function PrivacySettings() {
  const { notify } = useNotifications();
  const [saved, setSaved] = useState(storedConsent);
  const [choice, setChoice] = useState<PreferenceChoice>(() => choiceOf(saved));
  return (
    <Card className="im-section">
      <H4>Privacy</H4>
      <p className="im-muted">
        {saved
          ? `Saved ${formatTimestamp(saved.consent_date)} (consent version ${saved.consent_version}).`
          : 'You have not chosen yet; the defaults below apply once you save.'}
      </p>
      <PreferenceCheckboxes value={choice} onChange={setChoice} />
      <Button
        intent="primary"
        icon="floppy-disk"
        text="Save Preferences"
        onClick={() => {
          setSaved(saveConsent(choice));
          notify('Privacy preferences saved', 'success');
        }}
      />
    </Card>
  );
}

export function SettingsPage() {
  return (
    <div className="im-narrow">
      <H2>Settings</H2>
      <p className="im-muted">These preferences are kept in this browser.</p>
      <AppearanceSettings />
      <PrivacySettings />
    </div>
  );
}
