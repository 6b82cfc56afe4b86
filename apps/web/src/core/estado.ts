import { estadoResponse } from '@intranet/contract/shared/sign-in-parsers';
import { apiUrl } from './config/config.ts';
import { http } from './http/http.ts';

/** Asks the server whether it is up; a 503 sends the user to /maintenance (http layer). */
export async function checkEstado(): Promise<boolean> {
  try {
    await http.get(apiUrl('api', '/api/estado'), estadoResponse, { skipAuth: true });
    return true;
  } catch (error) {
    console.error('No se pudo consultar el estado del servidor', error);
    return false;
  }
}
