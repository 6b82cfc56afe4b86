import {
  cuitDigits,
  empresaInput,
  formatCuit,
  PROVINCIAS,
  servidorClienteInput,
} from '@intranet/contract/areas/clientes';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { empresas, servidoresCliente } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { conflictos } from './conflicts.ts';
import { columnasEmpresa, CONDICION_IVA_NOMBRES, ENTIDAD } from './queries.ts';
import { columnasServidorCliente } from './servidores.ts';

type EmpresaValues = z.output<typeof empresaInput>;

/** A client's values in the contract's input shape, as stored. */
const valoresEmpresa = {
  razon_social: empresas.razonSocial,
  nombre_fantasia: empresas.nombreFantasia,
  cuit: empresas.cuit,
  condicion_iva: empresas.condicionIva,
  email: empresas.email,
  telefono: empresas.telefono,
  domicilio: empresas.domicilio,
  localidad: empresas.localidad,
  provincia: empresas.provincia,
  activo: empresas.activo,
  contacto_id: empresas.contactoId,
  notas: empresas.notas,
};

const provincias = Object.fromEntries(PROVINCIAS.map((p) => [p, p]));

/** The clients' import: the export's columns, key CUIT (with or without dashes, check digit checked). */
export const empresasImportacion: ImportacionSpec<EmpresaValues> = {
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
  esquema: empresaInput,
  tabla: { tabla: empresas, id: empresas.id, actualizado: empresas.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: empresas.id, ...valoresEmpresa })
      .from(empresas)
      .where(inArray(empresas.cuit, claves));
    return new Map(filas.map(({ id, ...v }) => [v.cuit, { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, empresas, empresas.id, filas.map(columnasEmpresa)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(empresas)
      .set({ ...columnasEmpresa(v), actualizado: sql`now()` })
      .where(eq(empresas.id, id));
  },
  conflictos,
};

/** A client's server as imported: the server's fields and its client's CUIT. */
const servidorImportado = servidorClienteInput.omit({ dnss: true }).extend({ cuit: empresaInput.shape.cuit });
type ServidorValues = z.output<typeof servidorImportado>;

const valoresServidor = {
  cuit: empresas.cuit,
  nombre: servidoresCliente.nombre,
  hostname: servidoresCliente.hostname,
  ip: servidoresCliente.ip,
  puerto: servidoresCliente.puerto,
  so: servidoresCliente.so,
  motor_bd: servidoresCliente.motorBd,
  instancia_bd: servidoresCliente.instanciaBd,
  version_physis: servidoresCliente.versionPhysis,
  notas: servidoresCliente.notas,
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
      .innerJoin(empresas, eq(empresas.id, servidoresCliente.empresaId))
      .where(sql`(${empresas.cuit} || '|' || lower(${servidoresCliente.nombre})) = any(${sql.param(claves)}::text[])`);
    return new Map(filas.map(({ id, ...v }) => [claveServidor(v.cuit, v.nombre)!, { id, valores: v }]));
  },
  crear: async (tx, filas) => {
    const cuits = [...new Set(filas.map((f) => f.cuit))];
    const ids = new Map(
      (
        await tx.select({ id: empresas.id, cuit: empresas.cuit }).from(empresas).where(inArray(empresas.cuit, cuits))
      ).map((e) => [e.cuit, e.id]),
    );
    const falta = cuits.find((c) => !ids.has(c));
    if (falta) throw new ApiError(400, `CUIT del cliente: no hay un cliente con el CUIT ${formatCuit(falta)}`);
    return insertarFilas(
      tx,
      servidoresCliente,
      servidoresCliente.id,
      filas.map((f) => ({ ...columnasServidorCliente(f), empresaId: ids.get(f.cuit)! })),
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
