// The address the server listens on, as a person types it, and the one line a busy port answers
// with. Shared by `npm start` (which checks the port before it builds) and the server itself.

/** `http://localhost:3000` for every interface, else the address itself (`http://[::1]:3000`). */
export function listenUrl(host, port) {
  const wildcard = !host || host === '0.0.0.0' || host === '::' || host === '[::]';
  const shown = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** One line naming PORT, for a port something else already holds (EADDRINUSE). */
export function portInUseMessage(host, port) {
  return `PORT ${port} is already in use${host && listenUrl(host, port) !== listenUrl(undefined, port) ? ` on ${host}` : ''}: stop what listens there, or choose another port, e.g. PORT=${Number(port) + 1} npm start`;
}

/** One line for an address this machine does not have or may not bind (EADDRNOTAVAIL, EACCES). */
export function listenErrorMessage(error, host, port) {
  if (error?.code === 'EADDRINUSE') return portInUseMessage(host, port);
  if (error?.code === 'EACCES') return `Port ${port} needs privileges this user lacks: set PORT to 1024 or above`;
  if (error?.code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0`;
  return null;
}
