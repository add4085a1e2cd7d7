// Every local fake listens the same way: on 127.0.0.1, on a free port unless told one, and closes without waiting
// for keep-alive connections the client under test still holds.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function listenLocally(
  server: Server,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
