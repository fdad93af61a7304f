import { and, desc, eq, sql } from 'drizzle-orm';
import { REMOTE_ENTRY_FILE } from '@registry/contracts/remotes';
import type { Db, Executor } from '../../db/database';
import { remoteActivations, remoteCanaries, remoteCanaryDecisions, remoteReleases } from '../../db/schema';

export type ReleaseRow = typeof remoteReleases.$inferSelect;
export type ActivationRow = typeof remoteActivations.$inferSelect;

export async function insertRelease(db: Db, release: typeof remoteReleases.$inferInsert) {
  await db
    .insert(remoteReleases)
    .values(release)
    .onConflictDoNothing({ target: [remoteReleases.remote, remoteReleases.version] });
  return findRelease(db, release.remote, release.version);
}

export async function findRelease(db: Executor, remote: string, version: string) {
  const [row] = await db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
  return row ?? null;
}

/** Stores the file digests of a release recorded before they were kept. */
export async function setFileHashes(
  db: Db,
  remote: string,
  version: string,
  fileHashes: Record<string, string>,
) {
  await db
    .update(remoteReleases)
    .set({ fileHashes })
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
}

export function releasesOf(db: Db, remote: string) {
  return db
    .select()
    .from(remoteReleases)
    .where(eq(remoteReleases.remote, remote))
    .orderBy(desc(remoteReleases.createdAt), desc(remoteReleases.version));
}

/** Each remote's latest activation (its live version) with the build its release states. */
export async function liveReleases(db: Db) {
  const { rows } = await db.execute<{
    remote: string;
    version: string | null;
    build: { contracts: string; bus: string } | null;
    entryIntegrity: string | null;
  }>(sql`
    select distinct on (a.remote) a.remote, a.version, r.build,
      r.file_hashes ->> ${REMOTE_ENTRY_FILE} as "entryIntegrity"
    from ${remoteActivations} a
    left join ${remoteReleases} r on r.remote = a.remote and r.version = a.version
    order by a.remote, a.id desc`);
  return rows;
}

export function activationsOf(db: Db, remote: string, limit: number) {
  return db
    .select()
    .from(remoteActivations)
    .where(eq(remoteActivations.remote, remote))
    .orderBy(desc(remoteActivations.id))
    .limit(limit);
}

/** Runs `change` with the remote's activations locked against every other server's. */
export function withRemoteLocked<T>(db: Db, remote: string, change: (tx: Executor) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`remote-activation:${remote}`}))`);
    return change(tx);
  });
}

export async function currentActivation(tx: Executor, remote: string) {
  const [row] = await tx
    .select()
    .from(remoteActivations)
    .where(eq(remoteActivations.remote, remote))
    .orderBy(desc(remoteActivations.id))
    .limit(1);
  return row ?? null;
}

export async function insertActivation(tx: Executor, activation: typeof remoteActivations.$inferInsert) {
  const [row] = await tx.insert(remoteActivations).values(activation).returning();
  return row!;
}

export type CanaryAuto = { windowSeconds: number; minMounts: number };

/**
 * Serves `version` to `percent` of browsers, or stops the remote's canary (percent 0). A new version
 * starts its own count of health (`startedAt`); a change of share alone keeps it.
 */
export async function setCanary(
  db: Executor,
  canary: { remote: string; version: string; percent: number; actor: string; auto?: CanaryAuto | null },
) {
  if (canary.percent === 0) {
    await db.delete(remoteCanaries).where(eq(remoteCanaries.remote, canary.remote));
    return;
  }
  const change = {
    version: canary.version,
    percent: canary.percent,
    actor: canary.actor,
    auto: canary.auto ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(remoteCanaries)
    .values({ remote: canary.remote, ...change })
    .onConflictDoUpdate({
      target: remoteCanaries.remote,
      set: {
        ...change,
        startedAt: sql`case when ${remoteCanaries.version} = excluded.version then ${remoteCanaries.startedAt} else now() end`,
      },
    });
}

/** Every remote's canary with the build its release states. */
export async function canaries(db: Executor) {
  return db
    .select({
      remote: remoteCanaries.remote,
      version: remoteCanaries.version,
      percent: remoteCanaries.percent,
      startedAt: remoteCanaries.startedAt,
      auto: remoteCanaries.auto,
      build: remoteReleases.build,
      entryIntegrity: sql<string | null>`${remoteReleases.fileHashes} ->> ${REMOTE_ENTRY_FILE}`,
    })
    .from(remoteCanaries)
    .leftJoin(
      remoteReleases,
      and(
        eq(remoteReleases.remote, remoteCanaries.remote),
        eq(remoteReleases.version, remoteCanaries.version),
      ),
    );
}

/** Every recorded version, by remote. */
export function recordedVersions(db: Db) {
  return db.select({ remote: remoteReleases.remote, version: remoteReleases.version }).from(remoteReleases);
}

export async function insertDecision(tx: Executor, decision: typeof remoteCanaryDecisions.$inferInsert) {
  await tx.insert(remoteCanaryDecisions).values(decision);
}

export function decisionsOf(db: Db, remote: string, limit: number) {
  return db
    .select()
    .from(remoteCanaryDecisions)
    .where(eq(remoteCanaryDecisions.remote, remote))
    .orderBy(desc(remoteCanaryDecisions.id))
    .limit(limit);
}
