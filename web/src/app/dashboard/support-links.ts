/*
 * Where participants reach the coach team and each other. Placeholders until the program
 * owners confirm the real addresses.
 */

/** The coach team's mailbox for weekly progress. */
export const COACH_EMAIL = 'coach@sfida8settimane.it';

/** The community group (messaging app invite link). */
export const COMMUNITY_URL = 'https://chat.whatsapp.com/sfida8settimane';
