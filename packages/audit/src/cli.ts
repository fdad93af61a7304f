import { parseArgs } from 'node:util';
import { auditRegistry } from './audit';

const usage = `registry-audit --registry <url> [--mirror <url>] [--settle <seconds>] [--json]

Reads a Hedera Domains registry's journal topic and NFT collections from a mirror node (the one the
registry names, or --mirror) and compares them with the registry's public API. Prints each difference;
exits 0 when there is none, 1 when there is one, 2 when the registry or the mirror cannot be read.`;

const { values } = parseArgs({
  options: {
    registry: { type: 'string' },
    mirror: { type: 'string' },
    settle: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values.registry) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

try {
  const report = await auditRegistry({
    registry: values.registry,
    ...(values.mirror ? { mirror: values.mirror } : {}),
    settleMs: Number(values.settle) * 1000,
  });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `journal ${report.topicId}: ${report.messages} messages, ${report.names} names; collections ${report.collections.join(', ') || 'none'}: ${report.nfts} NFTs`,
    );
    for (const difference of report.differences)
      console.log(
        `${difference.name}: ${difference.kind}: registry says ${difference.registry}; ledger says ${difference.ledger}`,
      );
    console.log(
      report.differences.length === 0 ? '0 differences' : `${report.differences.length} differences`,
    );
  }
  process.exit(report.differences.length === 0 ? 0 : 1);
} catch (error) {
  console.error(`registry-audit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
