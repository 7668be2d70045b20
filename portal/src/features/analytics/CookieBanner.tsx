import { Button, Card, Checkbox, Collapse } from '@blueprintjs/core';
import { useLayoutEffect, useState } from 'react';
import { ACCEPT_ALL, DEFAULT_CHOICE, REJECT_ALL, consentRequired, saveConsent, type PreferenceChoice } from './consent';

// Spec s2: the cookie banner shows while consent is required and closes after Accept All, Reject
// All or Save Preferences. It is not modal, so it is a labelled region, not a dialog; while it
// shows, the page keeps room for it below its end and scrolls whatever gets focus clear of it.

const LABELS: Record<keyof PreferenceChoice, string> = {
  analytics_enabled: 'Analytics: pages visited, to improve the product',
  performance_tracking: 'Performance: load times and errors',
  personalization: 'Personalization: remember what you like',
  advertising: 'Advertising',
};

export function PreferenceCheckboxes(props: { value: PreferenceChoice; onChange(value: PreferenceChoice): void }) {
  return (
    <div>
      {(Object.keys(LABELS) as (keyof PreferenceChoice)[]).map((key) => (
        <Checkbox
          key={key}
          label={LABELS[key]}
          checked={props.value[key]}
          onChange={(e) => props.onChange({ ...props.value, [key]: e.currentTarget.checked })}
        />
      ))}
    </div>
  );
}

/** Room at the page's foot for the fixed banner, so it never hides the element that has focus. */
function useRoomBelow(element: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const room = `${element.getBoundingClientRect().height + 32}px`;
      root.style.scrollPaddingBottom = room;
      document.body.style.paddingBottom = room;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [element]);
}

export function CookieBanner() {
  const [open, setOpen] = useState(consentRequired);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useRoomBelow(open ? banner : null);
  const [customise, setCustomise] = useState(false);
  const [choice, setChoice] = useState<PreferenceChoice>(DEFAULT_CHOICE);
  if (!open) return null;
  const decide = (value: PreferenceChoice) => {
    saveConsent(value);
    setOpen(false);
  };
  return (
    <Card className="im-cookie-banner" elevation={3} role="region" aria-label="Cookie preferences" ref={setBanner}>
      <p>
        We use cookies to measure how Ideamine is used. Choose what you allow; you can change it later in your settings.
      </p>
      <Collapse isOpen={customise}>
        <PreferenceCheckboxes value={choice} onChange={setChoice} />
      </Collapse>
      <div className="im-row">
        <Button intent="primary" text="Accept All" onClick={() => decide(ACCEPT_ALL)} />
        <Button text="Reject All" onClick={() => decide(REJECT_ALL)} />
        {customise ? (
          <Button text="Save Preferences" onClick={() => decide(choice)} />
        ) : (
          <Button variant="minimal" text="Customize" onClick={() => setCustomise(true)} />
        )}
      </div>
    </Card>
  );
}
