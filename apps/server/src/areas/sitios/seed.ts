import type { Tx } from '../../db/client.ts';

/** The sitios area's demo data; it lands with issue 8. */
export async function seedSitios(_tx: Tx): Promise<void> {}
