import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** The folder of Hedera's protobuf files, as its proto package ships them. */
const PROTO_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@hiero-ledger/proto/package.json')),
  'src',
  'proto',
);

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
 * Service definitions read from Hedera's own .proto files. Messages come as plain objects: enums by
 * name, 64-bit numbers as strings, bytes as Buffers, and each oneof names its set field.
 */
function loadServices<Name extends string>(
  files: Record<Name, string>,
  protoPackage: string,
): Record<Name, grpc.ServiceDefinition> {
  const definition = protoLoader.loadSync(
    Object.values<string>(files).map((file) => path.join(PROTO_DIR, file)),
    { includeDirs: [PROTO_DIR], longs: String, enums: String, bytes: Buffer, defaults: false, oneofs: true },
  );
  const services = {} as Record<Name, grpc.ServiceDefinition>;
  for (const name of Object.keys(files) as Name[]) {
    services[name] = definition[`${protoPackage}.${name}`] as grpc.ServiceDefinition;
  }
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
