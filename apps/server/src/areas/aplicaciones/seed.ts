import type { Tx } from '../../db/client.ts';

/** The aplicaciones area's demo data; it lands with issue 8. */
export async function seedAplicaciones(_tx: Tx): Promise<void> {}
