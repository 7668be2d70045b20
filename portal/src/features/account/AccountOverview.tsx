import { Callout, Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import type { User } from '@ideamine/shared/contract/users';
import { ROLE_BADGE_INTENT, formatShortDate, trialNotice } from '@ideamine/shared/format';
import type { Role } from '@ideamine/shared/permissions';
import { TableScroll } from '../common/TableScroll';

// The account tab: the role with its badge colour, the trial's end, and what an upgrade gives.

const ROLE_GIVES: Record<Role, string> = {
  guest: 'Browse and vote on ideas, use Idea Storm and your dashboard.',
  trial: 'Everything a guest has, plus projects with share links, profit analysis and crawl jobs.',
  developer: 'Everything a trial has without an end date, plus editing knowledge, schemas and schedules.',
  admin: 'Every permission, including users, settings, backups and monitoring.',
};

function TrialStatus({ user }: { user: User }) {
  if (user.role !== 'trial') return null;
  const notice = trialNotice(user);
  if (notice?.kind === 'expired')
    return (
      <Callout intent="danger" icon="time" title="Trial expired" className="im-section">
        Your trial ended on {formatShortDate(user.trial_expires_at)}. Upgrade to keep using projects and profit
        analysis.
      </Callout>
    );
  if (notice?.kind === 'ending')
    return (
      <Callout intent="warning" icon="time" title="Trial ending soon" className="im-section">
        Your trial ends in {notice.daysLeft} day{notice.daysLeft === 1 ? '' : 's'} (
        {formatShortDate(user.trial_expires_at)}).
      </Callout>
    );
  return null;
}

export function AccountOverview({ user }: { user: User }) {
  const canUpgrade = user.role === 'guest' || user.role === 'trial';
  return (
    <div className="im-narrow">
      <TrialStatus user={user} />
      <TableScroll label="Account">
        <HTMLTable aria-label="Account" className="im-section">
          <tbody>
            <tr>
              <th>Role</th>
              <td>
                <Tag intent={ROLE_BADGE_INTENT[user.role]} round minimal={user.role === 'guest'}>
                  {user.role}
                </Tag>
              </td>
            </tr>
            <tr>
              <th>What it gives</th>
              <td>{ROLE_GIVES[user.role]}</td>
            </tr>
            {user.role === 'trial' && (
              <tr>
                <th>Trial ends</th>
                <td>{user.trial_expires_at ? formatShortDate(user.trial_expires_at) : 'No end date'}</td>
              </tr>
            )}
            <tr>
              <th>Member since</th>
              <td>{formatShortDate(user.created_at)}</td>
            </tr>
            <tr>
              <th>Email</th>
              <td>
                {user.email}{' '}
                <Tag minimal intent={user.email_verified ? 'success' : 'warning'}>
                  {user.email_verified ? 'verified' : 'not verified'}
                </Tag>
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      </TableScroll>
      {canUpgrade && (
        <Card className="im-section">
          <H4>Upgrade your account</H4>
          <p>
            A developer account keeps projects, share links and profit analysis without an end date, and lets you edit
            knowledge, schemas and schedules.{' '}
            {user.role === 'trial' && 'When a trial ends, the account keeps only guest rights.'}
          </p>
          <p>Upgrades are granted by an administrator: ask yours to change your role to developer.</p>
        </Card>
      )}
    </div>
  );
}
