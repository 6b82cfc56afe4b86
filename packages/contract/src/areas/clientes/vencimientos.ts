import { z } from 'zod';
import { listQuery, paged, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { optionalText } from '@intranet/contract/shared/validators';
export {
  VENCIMIENTO_ESTADOS,
  VENCIMIENTO_PLAZOS,
  vencimientoMeses,
  type VencimientoEstado,
  type VencimientoPlazo,
  type VencimientoMeses,
} from '@intranet/contract/shared/entre-areas';
import {
  VENCIMIENTO_PLAZOS,
  type VencimientoEstado,
  type VencimientoPlazo,
} from '@intranet/contract/shared/entre-areas';

// ---- Vencimientos AFIP y Physis. Read CLIENTES#VER, write CLIENTES#EDITAR. ----

const FECHA_INVALIDA = 'Fecha inválida (aaaa-mm-dd)';
const fecha = z.iso.date({ error: FECHA_INVALIDA });
const optionalFecha = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), fecha], { error: FECHA_INVALIDA }));
const clienteId = z.number({ error: 'Elija un cliente' }).int().positive('Elija un cliente');

// ---- The state of an expiry (one rule for every grid and badge) ----

/** Orange up to this many days left, yellow up to PROXIMO; green beyond. */
export const DIAS_CRITICO = 30;
export const DIAS_PROXIMO = 90;

/**
 * The state of an item due in `dias` days (0 = today, negative = already expired): expired red,
 * ≤ 30 days orange, ≤ 90 yellow, green beyond. Due today is not yet expired: orange.
 */
export function estadoVencimiento(dias: number): VencimientoEstado {
  if (dias < 0) return 'vencido';
  if (dias <= DIAS_CRITICO) return 'critico';
  if (dias <= DIAS_PROXIMO) return 'proximo';
  return 'vigente';
}

export const ESTADO_COLOR: Readonly<Record<VencimientoEstado, 'red' | 'orange' | 'yellow' | 'green'>> = {
  vencido: 'red',
  critico: 'orange',
  proximo: 'yellow',
  vigente: 'green',
};

export const ESTADO_ETIQUETA: Readonly<Record<VencimientoEstado, string>> = {
  vencido: 'Vencido',
  critico: 'Por vencer',
  proximo: 'Próximo',
  vigente: 'Vigente',
};

/** "Vencido hace 3 días", "Vence hoy", "Faltan 12 días". */
export function diasRestantesTexto(dias: number): string {
  if (dias < 0) return `Vencido hace ${-dias} ${-dias === 1 ? 'día' : 'días'}`;
  if (dias === 0) return 'Vence hoy';
  return `${dias} ${dias === 1 ? 'día' : 'días'}`;
}

/** yyyy-mm-dd as staff read it: dd/mm/aaaa. */
export const fechaCorta = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

// ---- AFIP certificates ----

export const AFIP_AMBIENTES = ['homologacion', 'produccion'] as const;
export const AMBIENTE_ETIQUETA: Readonly<Record<(typeof AFIP_AMBIENTES)[number], string>> = {
  homologacion: 'Homologación',
  produccion: 'Producción',
};
/** The AFIP web services a certificate is usually authorised for (free text is allowed too). */
export const AFIP_SERVICIOS = ['wsfe', 'wsfex', 'wsmtxca', 'wsbfe', 'ws_sr_padron_a5', 'wsct', 'wscdc'] as const;

const serviciosLista = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_]{2,40}$/, 'Servicio inválido (letras, números y _)'),
  )
  .max(20, 'Máximo 20 servicios')
  .transform((v) => [...new Set(v)]);
const servicios = serviciosLista.default([]);

/** `POST /api/vencimientos/afip/certificados/importar?…`: what the user chooses; the file gives the rest. */
export const certificadoImportarQuery = z
  .object({
    empresa_id: z.coerce
      .number({ error: 'Elija un cliente' })
      .int()
      .positive('Elija un cliente')
      .max(MAX_ID, 'Id inválido'),
    ambiente: z.enum(AFIP_AMBIENTES, { error: 'Elija el ambiente' }),
    alias: optionalText(100),
    /** Comma-separated: `wsfe,wsfex`. */
    servicios: z
      .string()
      .trim()
      .max(400)
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(serviciosLista),
  })
  .strict();
export type CertificadoImportarQuery = z.input<typeof certificadoImportarQuery>;

/** `PUT /api/vencimientos/afip/certificados/:id`: what can be changed by hand (the file's data cannot). */
export const certificadoInput = z
  .object({
    alias: optionalText(100),
    ambiente: z.enum(AFIP_AMBIENTES, { error: 'Elija el ambiente' }),
    servicios,
  })
  .strict();
export type CertificadoInput = z.input<typeof certificadoInput>;

export const certificado = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  cliente: z.string(),
  cuit: z.string(),
  alias: z.string().nullable(),
  cn: z.string(),
  ambiente: z.enum(AFIP_AMBIENTES),
  servicios: z.array(z.string()),
  emitido: z.string(),
  vence: z.string(),
  serial: z.string(),
  huella: z.string(),
  /** Its private key is kept in the portal (it was paired with a request generated here). */
  clave_guardada: z.boolean(),
  /** The certificate that replaced it, once that one was paired; a replaced one leaves the grid and the alerts. */
  reemplazado_por: z.number().int().nullable(),
  creado: z.string(),
});
export type Certificado = z.infer<typeof certificado>;

// ---- AFIP points of sale ----

export const PUNTO_MODALIDADES = ['cae', 'caea', 'cai', 'controlador_fiscal'] as const;
export const MODALIDAD_ETIQUETA: Readonly<Record<(typeof PUNTO_MODALIDADES)[number], string>> = {
  cae: 'CAE',
  caea: 'CAEA',
  cai: 'CAI',
  controlador_fiscal: 'Controlador fiscal',
};

export const puntoVentaInput = z
  .object({
    empresa_id: clienteId,
    numero: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Del 1 al 99999')
      .max(99999, 'Del 1 al 99999'),
    modalidad: z.enum(PUNTO_MODALIDADES, { error: 'Elija la modalidad' }),
    cai_vence: optionalFecha,
    descripcion: optionalText(200),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.modalidad === 'cai' && !v.cai_vence)
      ctx.addIssue({
        code: 'custom',
        path: ['cai_vence'],
        message: 'Un punto de venta CAI necesita el vencimiento del CAI',
      });
  });
export type PuntoVentaInput = z.input<typeof puntoVentaInput>;

export const puntoVenta = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  cliente: z.string(),
  numero: z.number().int(),
  modalidad: z.enum(PUNTO_MODALIDADES),
  cai_vence: z.string().nullable(),
  descripcion: z.string().nullable(),
});
export type PuntoVenta = z.infer<typeof puntoVenta>;

// ---- Physis licences ----

export const LICENCIA_TIPOS = ['anual', 'mensual', 'perpetua'] as const;
export const LICENCIA_TIPO_ETIQUETA: Readonly<Record<(typeof LICENCIA_TIPOS)[number], string>> = {
  anual: 'Anual',
  mensual: 'Mensual',
  perpetua: 'Perpetua',
};

export const licenciaInput = z
  .object({
    empresa_id: clienteId,
    producto_id: z
      .number({ error: 'Elija un producto' })
      .int()
      .positive('Elija un producto')
      .max(MAX_ID, 'Id inválido'),
    modulo: optionalText(100),
    tipo: z.enum(LICENCIA_TIPOS, { error: 'Elija el tipo' }),
    usuarios: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(100000, 'Máximo 100000'),
    serial: optionalText(100),
    inicio: fecha,
    vence: optionalFecha,
    baja: optionalFecha,
    renovacion_auto: z.boolean().default(false),
    contacto_id: z
      .number()
      .int()
      .positive()
      .max(MAX_ID, 'Id inválido')
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.tipo !== 'perpetua' && !v.vence)
      ctx.addIssue({ code: 'custom', path: ['vence'], message: 'Una licencia anual o mensual necesita vencimiento' });
    if (v.vence && v.vence < v.inicio)
      ctx.addIssue({ code: 'custom', path: ['vence'], message: 'El vencimiento no puede ser anterior al inicio' });
    if (v.baja && v.baja < v.inicio)
      ctx.addIssue({ code: 'custom', path: ['baja'], message: 'La baja no puede ser anterior al inicio' });
  });
export type LicenciaInput = z.input<typeof licenciaInput>;

export const licencia = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  cliente: z.string(),
  producto_id: z.number().int(),
  producto: z.string(),
  modulo: z.string().nullable(),
  tipo: z.enum(LICENCIA_TIPOS),
  usuarios: z.number().int(),
  serial: z.string().nullable(),
  inicio: z.string(),
  vence: z.string().nullable(),
  baja: z.string().nullable(),
  renovacion_auto: z.boolean(),
  contacto_id: z.number().int().nullable(),
  contacto: z.string().nullable(),
});
export type Licencia = z.infer<typeof licencia>;

// ---- The shared expiry grid ----

/** What a grid row is: an AFIP certificate, an AFIP point of sale's CAI, or a Physis licence. */
export const VENCIMIENTO_TIPOS = ['certificado', 'punto_venta', 'licencia'] as const;
export type VencimientoTipo = (typeof VENCIMIENTO_TIPOS)[number];
export const VENCIMIENTO_TIPO_ETIQUETA: Readonly<Record<VencimientoTipo, string>> = {
  certificado: 'Certificado',
  punto_venta: 'CAI',
  licencia: 'Licencia',
};

/** The two grids: AFIP (certificates and CAIs) and Physis (licences). */
export const VENCIMIENTO_GRUPOS = ['afip', 'physis'] as const;
export type VencimientoGrupo = (typeof VENCIMIENTO_GRUPOS)[number];

export const PLAZO_ETIQUETA: Readonly<Record<VencimientoPlazo, string>> = {
  vencidos: 'Vencidos',
  '7': '7 días',
  '30': '30 días',
  '60': '60 días',
  '90': '90 días',
  todos: 'Todos',
};

/** One grid row. `id` is the row's key in the grid; `item_id` the certificate, point of sale or licence. */
export const vencimiento = z.object({
  id: z.number().int(),
  tipo: z.enum(VENCIMIENTO_TIPOS),
  item_id: z.number().int(),
  empresa_id: z.number().int(),
  cliente: z.string(),
  cuit: z.string(),
  /** What expires: the certificate's alias or CN, "PV 0003", the licence's product and module. */
  item: z.string(),
  /** Detail under the item: ambiente and services, modalidad, licence type and users. */
  detalle: z.string().nullable(),
  vence: z.string(),
  /** Days from today (Buenos Aires) to `vence`; negative when expired. */
  dias: z.number().int(),
  renovaciones: z.number().int().nonnegative(),
});
export type Vencimiento = z.infer<typeof vencimiento>;

export const VENCIMIENTO_SORT = ['vence', 'cliente', 'cuit', 'tipo', 'item'] as const;
export const vencimientoListQuery = listQuery(VENCIMIENTO_SORT, {
  plazo: z.enum(VENCIMIENTO_PLAZOS, { error: 'Plazo inválido' }).optional(),
  tipo: z.enum(VENCIMIENTO_TIPOS, { error: 'Tipo inválido' }).optional(),
  empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
});
export const vencimientoExportQuery = vencimientoListQuery.omit({ page: true, size: true });
export const vencimientoPage = paged(vencimiento);
export const grupoParam = z.object({ grupo: z.enum(VENCIMIENTO_GRUPOS, { error: 'Grupo inválido' }) }).strict();

/**
 * `POST /api/vencimientos/{afip|physis}/lote`: delete the chosen items (certificates, points of sale,
 * licences) or all that match the grid's filter; on the Physis grid, also set the licences' automatic renewal.
 */
export const vencimientoLote = loteBody(vencimientoExportQuery, {});
export const licenciaLote = loteBody(vencimientoExportQuery, {
  renovacion_auto: z.boolean({ error: 'Elija Sí o No' }),
});
export const vencimientoLoteExport = loteExportBody(vencimientoExportQuery);

// ---- Renewals ----

export const renovarInput = z.object({ vence: fecha, nota: optionalText(500) }).strict();
export type RenovarInput = z.input<typeof renovarInput>;

export const renovacion = z.object({
  id: z.number().int(),
  vence_anterior: z.string(),
  vence_nuevo: z.string(),
  nota: z.string().nullable(),
  usuario: z.string().nullable(),
  fecha: z.string(),
});
export type Renovacion = z.infer<typeof renovacion>;

export const itemParams = z
  .object({
    tipo: z.enum(VENCIMIENTO_TIPOS, { error: 'Tipo inválido' }),
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
  })
  .strict();

/** `GET /api/vencimientos/empresa/:id`: one client's certificates, points of sale and licences. */
export const vencimientosCliente = z.object({
  certificados: z.array(certificado),
  puntos_venta: z.array(puntoVenta),
  licencias: z.array(licencia),
  proximos: z.array(vencimiento),
});
export type VencimientosCliente = z.infer<typeof vencimientosCliente>;
