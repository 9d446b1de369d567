import net from "node:net";

/** Express's named address ranges for "trust proxy". */
const PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

export type TrustProxySetting = boolean | number | string[];

/**
 * TRUST_PROXY as Express's "trust proxy" setting: `true`/`false`, a number
 * of proxy hops, or a comma-separated list of addresses, CIDR ranges and
 * presets (`loopback`, `linklocal`, `uniquelocal`). Unset or empty means
 * `loopback`. Anything else stops the start with a message that says why,
 * instead of Express failing on "true" or reading "1" as an address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const setting = (value ?? "").trim().toLowerCase();
  if (setting === "") return ["loopback"];
  if (setting === "true") return true;
  if (setting === "false") return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isTrustEntry(entry));
  if (invalid.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY=${JSON.stringify(value)} is not valid (${invalid.join(", ") || "empty list"}): use true, false, ` +
        "a number of proxy hops, or a comma-separated list of addresses, CIDR ranges and loopback, linklocal, uniquelocal.",
    );
  }
  return entries;
}

function isTrustEntry(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return net.isIP(prefix) === version; // a netmask like 255.255.0.0
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
