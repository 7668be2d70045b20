// Phrases that start a refusal the crawler records as a task's skip reason, shared so a screen can
// tell one refusal from another by the same words the server writes.

/** Starts every refusal, so an operator can find SSRF attempts among a job's tasks by one phrase. */
export const REFUSED_PRIVATE = 'refused: private address';
