import { z } from 'zod';

/** `GET ./assets/config.json` (its shape fixed by the specification): written by the server from its environment. */
export const runtimeConfig = z.object({
  api: z.string(),
  instaladores: z.string(),
  store: z.string(),
  versiones: z.string(),
  archivos: z.string(),
  /** Deployment variant; 'ORG' runs the reduced product. */
  sitio: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
