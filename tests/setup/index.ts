/**
 * Test helpers. Import from "../setup" (or "tests/setup") in unit and
 * integration tests:
 *
 *   import { callAction, dbTag, getTestDb, truncateAllTables } from "../setup";
 */
export { dbKind, dbTag, execSql, getTestConnection, getTestDb, resetConnection, truncateAllTables } from "./db";
export {
  TEST_ORIGIN,
  callAction,
  callLoader,
  callRoute,
  cookiesFrom,
  formRequest,
  getRequest,
  type RouteCallInput,
  type RouteResult,
} from "./routes";
