import type { Tx } from '../../db/client.ts';

/** The appsstore area's demo data; it lands with issue 8. */
export async function seedAppsstore(_tx: Tx): Promise<void> {}
