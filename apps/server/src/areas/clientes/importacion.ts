import {
  cuitDigits,
  clienteInput,
  formatCuit,
  PROVINCIAS,
  servidorClienteInput,
} from '@intranet/contract/areas/clientes';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clientes, servidoresCliente } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { conflictos } from './conflicts.ts';
import { columnasCliente, CONDICION_IVA_NOMBRES, ENTIDAD } from './queries.ts';
import { columnasServidorCliente } from './servidores.ts';

type ClienteValues = z.output<typeof clienteInput>;

/** A client's values in the contract's input shape, as stored. */
const valoresCliente = wireColumns(clientes, [
  'razon_social',
  'nombre_fantasia',
  'cuit',
  'condicion_iva',
  'email',
  'telefono',
  'domicilio',
  'localidad',
  'provincia',
  'activo',
  'contacto_id',
  'notas',
]);

const provincias = Object.fromEntries(PROVINCIAS.map((p) => [p, p]));

/** The clients' import: the export's columns, key CUIT (with or without dashes, check digit checked). */
export const clientesImportacion: ImportacionSpec<ClienteValues> = {
  tipo: 'clientes',
  etiqueta: 'clientes',
  ruta: '/api/empresas',
  permiso: 'CLIENTES#EDITAR',
  entidad: ENTIDAD,
  nombre: 'clientes',
  clave: 'cuit',
  normalizarClave: cuitDigits,
  campos: [
    {
      campo: 'razon_social',
      titulo: 'Razón social',
      alias: ['razon', 'empresa', 'cliente', 'company', 'company name', 'legal name', 'name'],
      requerido: true,
      ejemplo: 'Agro Andina S.A.',
    },
    {
      campo: 'nombre_fantasia',
      titulo: 'Nombre de fantasía',
      alias: ['fantasia', 'nombre comercial', 'trade name', 'brand'],
      ejemplo: 'Agro Andina',
    },
    {
      campo: 'cuit',
      titulo: 'CUIT',
      alias: ['cuit cuil', 'tax id', 'taxid', 'vat'],
      requerido: true,
      ejemplo: '30-71234567-1',
    },
    {
      campo: 'condicion_iva',
      titulo: 'Condición IVA',
      alias: ['iva', 'condicion frente al iva', 'vat status', 'tax status'],
      tipo: 'lista',
      opciones: CONDICION_IVA_NOMBRES,
      requerido: true,
      ejemplo: 'Responsable inscripto',
    },
    {
      campo: 'email',
      titulo: 'Email',
      alias: ['correo', 'correo electronico', 'mail', 'e-mail'],
      ejemplo: 'administracion@agroandina.com.ar',
    },
    { campo: 'telefono', titulo: 'Teléfono', alias: ['tel', 'phone', 'telephone'], ejemplo: '+54 11 4000-0000' },
    {
      campo: 'domicilio',
      titulo: 'Domicilio',
      alias: ['direccion', 'address', 'street'],
      ejemplo: 'Av. Siempre Viva 123',
    },
    { campo: 'localidad', titulo: 'Localidad', alias: ['ciudad', 'city', 'town'], ejemplo: 'Rosario' },
    {
      campo: 'provincia',
      titulo: 'Provincia',
      alias: ['province', 'state', 'region'],
      tipo: 'lista',
      opciones: provincias,
      ejemplo: 'Santa Fe',
    },
    { campo: 'activo', titulo: 'Activo', alias: ['activa', 'active', 'enabled'], tipo: 'booleano', ejemplo: 'Sí' },
  ],
  esquema: clienteInput,
  tabla: { tabla: clientes, id: clientes.id, actualizado: clientes.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: clientes.id, ...valoresCliente })
      .from(clientes)
      .where(inArray(clientes.cuit, claves));
    return new Map(filas.map(({ id, ...v }) => [v.cuit, { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, clientes, clientes.id, filas.map(columnasCliente)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(clientes)
      .set({ ...columnasCliente(v), actualizado: sql`now()` })
      .where(eq(clientes.id, id));
  },
  conflictos,
};

/** A client's server as imported: the server's fields and its client's CUIT. */
const servidorImportado = servidorClienteInput.omit({ dnss: true }).extend({ cuit: clienteInput.shape.cuit });
type ServidorValues = z.output<typeof servidorImportado>;

const valoresServidor = {
  cuit: clientes.cuit,
  ...wireColumns(servidoresCliente, [
    'nombre',
    'hostname',
    'ip',
    'puerto',
    'so',
    'motor_bd',
    'instancia_bd',
    'version_physis',
    'notas',
  ]),
};

/** The key of a client's server: its client's CUIT and its name, as compared. */
const claveServidor = (cuit: unknown, nombre: unknown): string | null =>
  typeof cuit === 'string' && typeof nombre === 'string' && cuit.trim() && nombre.trim()
    ? `${cuitDigits(cuit)}|${nombre.trim().toLowerCase()}`
    : null;

/** The clients' servers' import: each row names its client by CUIT; key CUIT and server name. */
export const servidoresClienteImportacion: ImportacionSpec<ServidorValues> = {
  tipo: 'servidores-cliente',
  etiqueta: 'clientes',
  ruta: '/api/empresas/servidores',
  permiso: 'CLIENTES#EDITAR',
  entidad: ENTIDAD,
  nombre: 'servidores-de-clientes',
  clave: 'nombre',
  claveDe: (c) => claveServidor(c.cuit, c.nombre),
  claveTitulo: 'CUIT y nombre',
  campos: [
    {
      campo: 'cuit',
      titulo: 'CUIT del cliente',
      alias: ['cuit', 'cliente', 'client tax id', 'customer tax id'],
      requerido: true,
      ejemplo: '30-71234567-1',
    },
    {
      campo: 'nombre',
      titulo: 'Servidor',
      alias: ['nombre', 'nombre del servidor', 'server', 'server name', 'name'],
      requerido: true,
      ejemplo: 'SRV-PRINCIPAL',
    },
    { campo: 'hostname', titulo: 'Hostname', alias: ['host', 'nombre de host'], ejemplo: 'srv01.agroandina.local' },
    { campo: 'ip', titulo: 'IP', alias: ['direccion ip', 'ip address'], ejemplo: '10.0.0.10' },
    { campo: 'puerto', titulo: 'Puerto', alias: ['port'], tipo: 'numero', ejemplo: '1433' },
    {
      campo: 'so',
      titulo: 'Sistema operativo',
      alias: ['so', 'os', 'operating system'],
      ejemplo: 'Windows Server 2019',
    },
    {
      campo: 'motor_bd',
      titulo: 'Motor de base de datos',
      alias: ['motor bd', 'motor', 'base de datos', 'database', 'db engine'],
      ejemplo: 'SQL Server 2019',
    },
    {
      campo: 'instancia_bd',
      titulo: 'Instancia',
      alias: ['instancia bd', 'instance', 'db instance'],
      ejemplo: 'PHYSIS',
    },
    {
      campo: 'version_physis',
      titulo: 'Versión Physis',
      alias: ['version', 'physis', 'physis version'],
      ejemplo: '8.4.2',
    },
    { campo: 'notas', titulo: 'Notas', alias: ['notes', 'observaciones', 'comentarios'], ejemplo: '' },
  ],
  esquema: servidorImportado,
  tabla: { tabla: servidoresCliente, id: servidoresCliente.id, actualizado: servidoresCliente.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: servidoresCliente.id, ...valoresServidor })
      .from(servidoresCliente)
      .innerJoin(clientes, eq(clientes.id, servidoresCliente.clienteId))
      .where(sql`(${clientes.cuit} || '|' || lower(${servidoresCliente.nombre})) = any(${sql.param(claves)}::text[])`);
    return new Map(filas.map(({ id, ...v }) => [claveServidor(v.cuit, v.nombre)!, { id, valores: v }]));
  },
  crear: async (tx, filas) => {
    const cuits = [...new Set(filas.map((f) => f.cuit))];
    const ids = new Map(
      (
        await tx.select({ id: clientes.id, cuit: clientes.cuit }).from(clientes).where(inArray(clientes.cuit, cuits))
      ).map((e) => [e.cuit, e.id]),
    );
    const falta = cuits.find((c) => !ids.has(c));
    if (falta) throw new ApiError(400, `CUIT del cliente: no hay un cliente con el CUIT ${formatCuit(falta)}`);
    return insertarFilas(
      tx,
      servidoresCliente,
      servidoresCliente.id,
      filas.map((f) => ({ ...columnasServidorCliente(f), clienteId: ids.get(f.cuit)! })),
    );
  },
  // The key names the client: an update never moves a server to another one.
  actualizar: async (tx, id, v) => {
    await tx
      .update(servidoresCliente)
      .set({ ...columnasServidorCliente(v), actualizado: sql`now()` })
      .where(eq(servidoresCliente.id, id));
  },
  conflictos,
};
