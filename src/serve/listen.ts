// Binding a server to its address, shared by the dev server and the static server.
import type { Server } from 'node:http';

export interface Logger {
  info(line: string): void;
  /** A problem or error, already formatted. */
  problem(text: string): void;
}

export interface RunningServer {
  /** 'http://127.0.0.1:3000/' (always ends with '/'). */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Dev server: resolves once every file change seen so far is rebuilt. */
  settled?(): Promise<void>;
}

export async function listen(server: Server, port: number, host: string): Promise<{ url: string; port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new Error(`Port ${port} is already in use on ${host}: stop the other server or pass --port with another number.`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new Error(`Cannot listen on ${host}: no such address on this machine.`));
      else reject(err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  // A wildcard address is not one a browser can open.
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${actual}/`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
