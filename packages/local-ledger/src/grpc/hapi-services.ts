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
} as const;

export type ServiceName = keyof typeof SERVICE_FILES;

/**
 * HAPI's service definitions, read from Hedera's own .proto files. Messages come as plain objects:
 * enums by name, 64-bit numbers as strings, bytes as Buffers, and each oneof names its set field.
 */
export function loadHapiServices(): Record<ServiceName, grpc.ServiceDefinition> {
  const definition = protoLoader.loadSync(
    Object.values(SERVICE_FILES).map((file) => path.join(PROTO_DIR, file)),
    { includeDirs: [PROTO_DIR], longs: String, enums: String, bytes: Buffer, defaults: false, oneofs: true },
  );
  const services = {} as Record<ServiceName, grpc.ServiceDefinition>;
  for (const name of Object.keys(SERVICE_FILES) as ServiceName[]) {
    services[name] = definition[`proto.${name}`] as grpc.ServiceDefinition;
  }
  return services;
}
