import { PARAMETRO_TIPOS, type ParametroTipo } from '@intranet/contract/areas/clientes';
import { clientesMessages } from './messages.ts';

/** Texts of the parameter grid (Instalaciones and the client's Parámetros tab). */
export const parametrosMessages = clientesMessages.instalaciones;

export const tipoOptions = PARAMETRO_TIPOS.map((tipo) => ({ value: tipo, label: parametrosMessages.tipos[tipo] }));

/** A yes/no parameter's choices: the value is the text 'true' or 'false'. */
export const booleanOptions = [
  { value: 'true', label: clientesMessages.si },
  { value: 'false', label: clientesMessages.no },
];

/** Paths and URLs read better in a fixed-width font. */
export const fuenteDe = (tipo: ParametroTipo) => (tipo === 'ruta' || tipo === 'url' ? 'monospace' : undefined);
