// What the clients' route files share: their tag and access codes.

export const tags = ['clientes'];
export const VER = { access: 'CLIENTES#VER' } as const;
export const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
