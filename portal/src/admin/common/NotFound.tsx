import { NonIdealState } from '@blueprintjs/core';
import { ButtonLink } from '../../features/account/ButtonLink';

/** An operator screen opened with an id that cannot exist (not a positive whole number). */
export function InvalidId(props: { what: string; back: string }) {
  return (
    <NonIdealState
      icon="search"
      title={`No such ${props.what}`}
      description={`This address does not name a ${props.what}.`}
      action={<ButtonLink to={props.back} text="Back to the list" />}
    />
  );
}
