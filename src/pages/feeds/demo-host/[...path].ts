import type { APIRoute } from 'astro';
import { serveDemoHost } from '../../../lib/server/hosting/demo-host/demo-host';

/** /feeds/demo-host/…: the demo's stand-in old podcast host (its feeds, files and settings page); 404 where no demo was seeded. */
export const ALL: APIRoute = ({ params, request }) => serveDemoHost(request, (params.path ?? '').replace(/\/+$/, ''));
