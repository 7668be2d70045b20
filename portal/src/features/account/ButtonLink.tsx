import { AnchorButton } from '@blueprintjs/core';
import { createLink } from '@tanstack/react-router';

/** A Blueprint button that navigates inside the portal like a router Link (no page reload). */
export const ButtonLink = createLink(AnchorButton);
