import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_S } from './options';

export type Measure = {
  name: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Over the bare route. */
  ratio?: number;
  /** Over the route that runs one indexed query: what a path that must ask the database can reach. */
  queryRatio?: number;
};

let counter = 0;
/** A name nobody asked for yet: every request misses every cache, the worst case. */
const freshName = () => `bench${Date.now().toString(36)}${(counter += 1).toString(36)}`;

export type HotPath = {
  name: string;
  method?: 'GET' | 'POST';
  path: () => string;
  body?: () => string;
  /** 4xx answers expected (e.g. resolving names nobody registered). */
  expects404?: boolean;
};

export const HOT_PATHS: HotPath[] = [
  { name: 'availability', path: () => `/api/domains/availability?name=${freshName()}.hbar` },
  { name: 'suggestions', path: () => `/api/domains/suggestions?name=${freshName()}.hbar` },
  {
    name: 'taken-check',
    method: 'POST',
    path: () => '/api/domains/taken',
    body: () => JSON.stringify({ names: [`${freshName()}.hbar`, `${freshName()}.hbar`] }),
  },
  { name: 'resolve', path: () => `/api/resolve/${freshName()}.hbar`, expects404: true },
  { name: 'gateway /r/{name}', path: () => `/r/${freshName()}.hbar`, expects404: true },
  { name: 'tlds', path: () => '/api/tlds' },
  { name: 'rate', path: () => '/api/rate' },
];

export async function load(
  origin: string,
  hot: HotPath,
  {
    durationS = DURATION_S,
    onResponse,
  }: {
    durationS?: number;
    /** Called as each answer arrives (to count them in windows of the load). */
    onResponse?: () => void;
  } = {},
): Promise<Measure> {
  const options: autocannon.Options = {
    url: origin,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: hot.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          path: hot.path(),
          ...(hot.body ? { body: hot.body() } : {}),
        }),
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const running = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    if (onResponse) running.on('response', onResponse);
  });
  return {
    name: hot.name,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: hot.expects404 ? 0 : result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
