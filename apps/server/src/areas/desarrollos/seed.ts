import type { Tx } from '../../db/client.ts';

/** The desarrollos area's demo data; it lands with issue 8. */
export async function seedDesarrollos(_tx: Tx): Promise<void> {}
