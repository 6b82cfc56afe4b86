import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { clientes, servidoresCliente } from '../../db/schema.ts';
import { busqueda as clientesBuscados } from './queries.ts';

/** An IPv4 address typed whole ("192.168.11.10"): the client whose server has it. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * Clients by razón social, nombre de fantasía or CUIT (whole, its start or a part, with or without dashes), as the
 * list searches; by their town ("Rosario", its start, any case); and, for an IP address typed whole, by the server
 * that has it. Each through an index: the trigram of the names, the CUIT's, the town's lower case, the servers' IP.
 */
export const busquedaClientes: FuenteBusqueda = {
  tipo: 'clientes',
  permiso: 'CLIENTES#VER',
  consulta: ({ texto, empieza }) => {
    const cuit = sql`'CUIT ' || substr(${clientes.cuit}, 1, 2) || '-'
      || substr(${clientes.cuit}, 3, 8) || '-' || substr(${clientes.cuit}, 11)`;
    const porNombre = sql`
      select ${clientes.id}::text as id, ${clientes.razonSocial} as titulo, ${cuit} as detalle,
        '/clientes/' || ${clientes.id} as enlace
      from ${clientes}
      where ${clientesBuscados(texto)}`;
    const porLocalidad = sql`
      select ${clientes.id}::text as id, ${clientes.razonSocial} as titulo,
        concat_ws(', ', ${clientes.localidad}, ${clientes.provincia}) || ' · ' || ${cuit} as detalle,
        '/clientes/' || ${clientes.id} as enlace
      from ${clientes}
      where lower(coalesce(${clientes.localidad}, '')) like lower(${empieza}) and not (${clientesBuscados(texto)})`;
    if (!IPV4.test(texto.trim())) return sql`${porNombre} union all ${porLocalidad}`;
    const porIp = sql`
      select ${clientes.id}::text as id, ${clientes.razonSocial} as titulo,
        'Servidor ' || ${servidoresCliente.nombre} || ' · ' || ${servidoresCliente.ip} as detalle, '/clientes/' || ${clientes.id} || '?tab=servidores' as enlace
      from ${servidoresCliente} join ${clientes} on ${clientes.id} = ${servidoresCliente.clienteId}
      where ${servidoresCliente.ip} = ${texto.trim()}`;
    return sql`${porNombre} union all ${porLocalidad} union all ${porIp}`;
  },
};
