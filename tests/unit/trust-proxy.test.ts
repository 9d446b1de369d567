import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/lib/http/trust-proxy";

describe("TRUST_PROXY", () => {
  it("defaults to loopback when unset or empty", () => {
    expect(parseTrustProxy(undefined)).toEqual(["loopback"]);
    expect(parseTrustProxy("  ")).toEqual(["loopback"]);
  });

  it("reads true and false as booleans and a whole number as a hop count", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy(" FALSE ")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
  });

  it("reads a comma-separated list of presets, addresses and ranges", () => {
    expect(parseTrustProxy("loopback, uniquelocal")).toEqual(["loopback", "uniquelocal"]);
    expect(parseTrustProxy("10.0.0.0/8,172.16.0.1,fd00::/8,192.168.0.0/255.255.0.0")).toEqual([
      "10.0.0.0/8",
      "172.16.0.1",
      "fd00::/8",
      "192.168.0.0/255.255.0.0",
    ]);
  });

  it("stops with a clear message on anything else", () => {
    for (const value of ["yes", "loopback,nginx", "10.0.0.0/33", "1.5", "-1", ",", "10.0.0.1/8/8"]) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY=.*is not valid/);
    }
  });

  it("gives Express settings it accepts and applies as meant", () => {
    const clientIp = (setting: string, remote: string, forwardedFor: string) => {
      const app = express();
      app.set("trust proxy", parseTrustProxy(setting));
      const fn = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
      // Express's req.ip: the first untrusted address from the socket back.
      const chain = [
        remote,
        ...forwardedFor
          .split(",")
          .map((a) => a.trim())
          .reverse(),
      ];
      return chain.find((address, hop) => !fn(address, hop)) ?? chain.at(-1);
    };
    // A proxy in a container network (not loopback) is trusted with uniquelocal.
    expect(clientIp("loopback,uniquelocal", "172.18.0.2", "203.0.113.7")).toBe("203.0.113.7");
    expect(clientIp("loopback", "172.18.0.2", "203.0.113.7")).toBe("172.18.0.2");
    // One hop: the proxy right in front, whatever its address.
    expect(clientIp("1", "198.51.100.4", "203.0.113.7")).toBe("203.0.113.7");
    expect(clientIp("false", "198.51.100.4", "203.0.113.7")).toBe("198.51.100.4");
  });
});
