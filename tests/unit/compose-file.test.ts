import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseSettings, SHAPE } from "~/lib/env/settings.server";

/**
 * compose.yaml, the production reference (docs/operating.md, "Several
 * servers"), kept true to the app: every service that runs stays healthy
 * and restarts, the app servers leave jobs to the workers, every variable it
 * hands the app is a setting the app reads and validates, and what it names
 * (files, scripts, volumes, services, the .env values) exists. `docker
 * compose config` checks the format where Docker's compose plugin exists.
 */

type Service = {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  restart?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
};
type Compose = { services: Record<string, Service>; volumes: Record<string, unknown> };

const composeText = fs.readFileSync("compose.yaml", "utf8");
const compose = parse(composeText, { merge: true }) as Compose;
const exampleEnv = new Map(
  fs
    .readFileSync("deploy/example.env", "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
);

/** `${NAME:?message}` and `${NAME:-default}` as Compose fills them from a filled-in .env. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest = "") => {
    const given = exampleEnv.get(name);
    if (given) return given;
    return kind === "-" ? rest : `example-${name.toLowerCase()}`;
  });
}

const appServers = ["app-1", "app-2"];
const workers = ["worker-1", "worker-2"];

describe("compose.yaml, the production reference", () => {
  it("runs PostgreSQL, two app servers, two workers, a TLS proxy and an S3-compatible store", () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ["app-1", "app-2", "db", "minio", "proxy", "storage-bucket", "worker-1", "worker-2"].sort(),
    );
  });

  it("gives every long-running service a health check and a restart policy", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === "storage-bucket") {
        expect(service.restart, name).toBe("no");
        continue;
      }
      expect(service.restart, name).toBe("unless-stopped");
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
  });

  it("leaves background jobs to the workers, which run `npm run worker` and check their own heartbeat", () => {
    for (const name of appServers) expect(compose.services[name]!.environment!.WORKER, name).toBe("off");
    for (const name of workers) {
      const worker = compose.services[name]!;
      expect(worker.command, name).toEqual(["node", "--import", "tsx", "scripts/worker.ts"]);
      expect(worker.environment!.WORKER, name).toBeUndefined();
      expect(worker.healthcheck!.test.join(" "), name).toContain("scripts/worker-alive.ts");
    }
    for (const script of ["scripts/worker.ts", "scripts/worker-alive.ts"]) expect(fs.existsSync(script)).toBe(true);
  });

  it("hands the app only settings it reads, and values it accepts once .env is filled in", () => {
    for (const name of [...appServers, ...workers]) {
      const environment = compose.services[name]!.environment!;
      for (const variable of Object.keys(environment)) expect(SHAPE, `${name}: ${variable}`).toHaveProperty(variable);
      const env = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(value)]));
      const parsed = parseSettings(env);
      expect(parsed.DATABASE_URL, name).toMatch(/^postgres:\/\/gavel:.+@db:5432\/gavel$/);
      expect(parsed).toMatchObject({ STORAGE: "s3", S3_BUCKET: "gavel", S3_FORCE_PATH_STYLE: true });
      expect(parsed.APP_URL, name).toMatch(/^https:\/\//);
    }
  });

  it("names only variables that deploy/example.env lists, and only services, volumes and files that exist", () => {
    for (const [, name] of composeText.matchAll(/\$\{([A-Z_]+)/g)) expect(exampleEnv.has(name!), name).toBe(true);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(compose.services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0]!;
        if (source.startsWith("./")) expect(fs.existsSync(source), `${name}: ${source}`).toBe(true);
        else expect(compose.volumes, `${name}: ${source}`).toHaveProperty(source);
      }
    }
    // The proxy sends requests to the app servers of this file, by their names.
    const upstreams = /reverse_proxy ([^{]+)\{/
      .exec(fs.readFileSync("deploy/Caddyfile", "utf8"))![1]!
      .trim()
      .split(/\s+/);
    expect(upstreams).toEqual(appServers.map((name) => `${name}:3000`));
  });
});
