import type { RequestHandler } from 'express';
import { sendError } from '../middleware/error-response.js';

/** True when the path names a source map, however its letters are escaped (`.m%61p`). */
function isSourceMapPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An undecodable path is tested as sent.
  }
  return /\.map$/i.test(decoded);
}

/**
 * The client build writes source maps beside its chunks (dist/client/assets/*.js.map); they are
 * served only when SERVE_SOURCE_MAPS asks (default: outside production). Otherwise they answer 404,
 * so a production site does not publish its sources.
 */
export const refuseSourceMaps: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && isSourceMapPath(req.path)) {
    sendError(res, 404, 'Not found');
    return;
  }
  next();
};
