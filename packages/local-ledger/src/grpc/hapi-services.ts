import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const requireHere = createRequire(import.meta.url);
const PROTO_PACKAGE_JSON = requireHere.resolve('@hiero-ledger/proto/package.json');
/** The folder of Hedera's protobuf files, as its proto package ships them. */
const PROTO_DIR = path.join(path.dirname(PROTO_PACKAGE_JSON), 'src', 'proto');
type ProtoDescriptor = Parameters<typeof protoLoader.fromJSON>[0];
type ProtoRoot = {
  resolvePath: (origin: string, target: string) => string;
  loadSync(files: string[]): ProtoRoot;
  toJSON(): ProtoDescriptor;
};
/** The protobufjs that the gRPC loader reads its descriptors with. */
const requireOfLoader = createRequire(requireHere.resolve('@grpc/proto-loader'));
const protobuf = requireOfLoader('protobufjs') as { Root: new () => ProtoRoot };
const PROTOBUF_VERSION = (requireOfLoader('protobufjs/package.json') as { version: string }).version;

/** The services a consensus node answers (HAPI), by their file in the proto package. */
const SERVICE_FILES = {
  CryptoService: 'services_crypto_service.proto',
  TokenService: 'services_token_service.proto',
  NetworkService: 'services_network_service.proto',
  ConsensusService: 'services_consensus_service.proto',
  UtilService: 'services_util_service.proto',
  FileService: 'services_file_service.proto',
  ScheduleService: 'services_schedule_service.proto',
  // Served so that contract calls answer NOT_SUPPORTED, as the SDK reads it, rather than UNIMPLEMENTED.
  SmartContractService: 'services_smart_contract_service.proto',
} as const;

export type ServiceName = keyof typeof SERVICE_FILES;

/**
 * `files` and what they import, parsed: as JSON, kept in the system's temporary folder for this proto
 * package (parsing the .proto text took about half of the gRPC ports' start; reading it back does not).
 */
function protoDescriptor(files: string[]): ProtoDescriptor {
  const { version } = JSON.parse(readFileSync(PROTO_PACKAGE_JSON, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify([PROTO_DIR, version, PROTOBUF_VERSION, files]))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(os.tmpdir(), `local-ledger-proto-${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as ProtoDescriptor;
  } catch {
    // not made yet on this machine, or cut short: parsed again below
  }
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(PROTO_DIR, target));
  root.loadSync(files.map((file) => path.join(PROTO_DIR, file)));
  const descriptor = root.toJSON();
  // Written whole under another name first: a ledger starting meanwhile reads all of it or none.
  const partial = `${cached}.${process.pid}`;
  try {
    writeFileSync(partial, JSON.stringify(descriptor));
    renameSync(partial, cached);
  } catch {
    // a read-only or full temporary folder: parsed on every start then, and nothing left behind
    try {
      rmSync(partial, { force: true });
    } catch {
      // the folder takes no change at all
    }
  }
  return descriptor;
}

const serviceDefinitions = new Map<string, Record<string, grpc.ServiceDefinition>>();

/**
 * Service definitions read from Hedera's own .proto files. Messages come as plain objects: enums by
 * name, 64-bit numbers as strings, bytes as Buffers, and each oneof names its set field.
 */
function loadServices<Name extends string>(
  files: Record<Name, string>,
  protoPackage: string,
): Record<Name, grpc.ServiceDefinition> {
  const known = serviceDefinitions.get(protoPackage);
  if (known) return known as Record<Name, grpc.ServiceDefinition>;
  const definition = protoLoader.fromJSON(protoDescriptor(Object.values<string>(files)), {
    longs: String,
    enums: String,
    bytes: Buffer,
    defaults: false,
    oneofs: true,
  });
  const services = {} as Record<Name, grpc.ServiceDefinition>;
  for (const name of Object.keys(files) as Name[]) {
    services[name] = definition[`${protoPackage}.${name}`] as grpc.ServiceDefinition;
  }
  serviceDefinitions.set(protoPackage, services);
  return services;
}

/** HAPI's services, as a consensus node answers them. */
export const loadHapiServices = () => loadServices(SERVICE_FILES, 'proto');

/** The mirror node's gRPC services, by their file in the proto package. */
const MIRROR_SERVICE_FILES = {
  ConsensusService: 'mirror_consensus_service.proto',
  NetworkService: 'mirror_mirror_network_service.proto',
} as const;

/** The mirror node's gRPC API (topic subscriptions, the address book). */
export const loadMirrorServices = () => loadServices(MIRROR_SERVICE_FILES, 'com.hedera.mirror.api.proto');

export type GrpcServerHandle = {
  /** Listens on `host:port`; answers the port bound (0 picks a free one). */
  listen(host: string, port: number): Promise<number>;
  close(): Promise<void>;
};

/** Binds and stops `server`; `stop` ends it (by default once its calls are through). */
export function grpcServerHandle(
  server: grpc.Server,
  stop: (done: () => void) => void = (done) => server.tryShutdown(() => done()),
): GrpcServerHandle {
  return {
    listen: (host, port) =>
      new Promise((resolve, reject) =>
        server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      ),
    close: () => new Promise<void>((resolve) => stop(resolve)),
  };
}
