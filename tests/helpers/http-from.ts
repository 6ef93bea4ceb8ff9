// One HTTP request from a chosen local address (`from`), so a test can be many clients on
// one machine: Linux routes all of 127.0.0.0/8 to the loopback interface, and a proxy in
// front sees each address as a different client. fetch cannot pick its source address.
import { request, type IncomingHttpHeaders } from "node:http";

export type HttpAnswer = {
  path: string;
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The JSON body, or undefined when the answer is not JSON. */
  body: any;
};

export function httpCall(
  url: string,
  options: {
    method: string;
    from: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** Bytes sent as they are (their content-type in `headers`), instead of a JSON `body`. */
    raw?: Uint8Array;
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  const json = options.body === undefined ? undefined : JSON.stringify(options.body);
  const payload = options.raw ?? json;
  const headers = { ...options.headers, ...(json === undefined ? {} : { "content-type": "application/json" }) };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        ...{ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}` },
        ...{ method: options.method, headers, localAddress: options.from, agent: false },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ path: target.pathname, status: response.statusCode!, headers: response.headers, text, body });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
