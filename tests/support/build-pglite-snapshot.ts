/**
 * Writes a migrated, empty embedded database as a dumpDataDir() tarball to
 * the file named by its argument: `node --import tsx
 * tests/support/build-pglite-snapshot.ts <file>`, run by
 * tests/support/pglite-snapshot.ts with PGLITE_DATA_DIR=memory://. The app's
 * own migrateDatabase() makes it, as every start does.
 */
import fs from "node:fs";
import { closeDatabase, getConnection, migrateDatabase } from "../../app/lib/db/client.server";

const target = process.argv[2];
if (!target || !process.env.PGLITE_DATA_DIR?.startsWith("memory://") || process.env.PGLITE_SNAPSHOT) {
  console.error("usage: PGLITE_DATA_DIR=memory:// node --import tsx tests/support/build-pglite-snapshot.ts <file>");
  process.exit(2);
}
try {
  await migrateDatabase();
  const pglite = getConnection().pglite;
  if (!pglite) throw new Error("expected an embedded PGlite connection");
  const dump = await pglite.dumpDataDir("gzip");
  const fd = fs.openSync(target, "w");
  try {
    fs.writeFileSync(fd, Buffer.from(await dump.arrayBuffer()));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
} finally {
  await closeDatabase();
}
