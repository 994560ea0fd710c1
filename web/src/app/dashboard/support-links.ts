/*
 * Where participants reach each other. A placeholder until the program owners confirm the real
 * address.
 */

/** The community group (messaging app invite link). */
export const COMMUNITY_URL = 'https://chat.whatsapp.com/sfida8settimane';
