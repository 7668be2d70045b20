import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { ROLE_BADGE_INTENT } from '@ideamine/shared/format';
import { checkAccess, type Requirement } from '@ideamine/shared/permissions';
import { matchPortalRoute } from '@ideamine/shared/routes';
import { useAuth } from '../auth/AuthProvider';

// The route guard screens of spec s2 with their exact messages and buttons. Signed-out visitors
// never see them: the guard layout's beforeLoad sends them to /login first.

export function LoadingScreen(props: { message?: string }) {
  return <NonIdealState icon={<Spinner size={40} />} title={props.message ?? 'Loading...'} />;
}

function BackButton() {
  const router = useRouter();
  return <Button text="Go Back" icon="arrow-left" onClick={() => router.history.back()} />;
}

export function AccessRestricted(props: { role: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="lock"
      title="Access Restricted"
      description={
        <>
          <p>You need {props.role} role or higher to access this page.</p>
          {user && (
            <p>
              Your current role: <Tag intent={ROLE_BADGE_INTENT[user.role]}>{user.role}</Tag>
            </p>
          )}
        </>
      }
      action={
        <div className="im-row">
          <BackButton />
          <Button intent="primary" text="Dashboard" onClick={() => navigate({ to: '/dashboard' })} />
        </div>
      }
    />
  );
}

export function InsufficientPermissions(props: { action: string; resource: string }) {
  return (
    <NonIdealState
      icon="disable"
      title="Insufficient Permissions"
      description={`You don't have permission to ${props.action} ${props.resource}.`}
      action={<BackButton />}
    />
  );
}

export function TrialExpired() {
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="time"
      title="Trial Expired"
      description="Your trial period has expired. Please upgrade your account to continue using the product."
      action={
        <div className="im-row">
          <Button
            intent="primary"
            text="Upgrade Account"
            onClick={() => navigate({ to: '/my/profile', search: { tab: 'account' } })}
          />
          <BackButton />
        </div>
      }
    />
  );
}

/** The screen a requirement calls for, or null when the signed-in user may pass. */
export function GuardScreen({ requirement }: { requirement: Requirement }) {
  const { user, status } = useAuth();
  if (status === 'loading') return <LoadingScreen message="Checking access permissions..." />;
  const decision = checkAccess(user, requirement);
  if (decision.allowed) return null;
  if (decision.reason === 'UNAUTHENTICATED') return <LoadingScreen />;
  if (decision.reason === 'TRIAL_EXPIRED') return <TrialExpired />;
  if (requirement.kind === 'role') return <AccessRestricted role={requirement.role} />;
  if (requirement.kind === 'permission')
    return <InsufficientPermissions action={requirement.action} resource={requirement.resource} />;
  return null;
}

/** Layout of every route that needs more than a visitor: the page, or its guard screen. */
export function GuardedOutlet() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const requirement = matchPortalRoute(pathname)?.requirement ?? { kind: 'signed-in' };
  const { user, status } = useAuth();
  if (status !== 'loading' && checkAccess(user, requirement).allowed) return <Outlet />;
  return <GuardScreen requirement={requirement} />;
}
