import { describe, expect, it } from "vitest";
import { isRefusedAddress } from "./address-filter";

/** The delivery's address filter, as a pure function over addresses: no packet is sent. */
describe("isRefusedAddress", () => {
  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "fec0::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "0:0:0:0:0:ffff:c0a8:0101",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "localhost",
    "not an address",
    "",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "192.169.0.1", "2606:2800:220:1:248:1893:25c8:1946", "2001:4860:4860::8888", "::ffff:8.8.8.8"])(
    "lets %s through",
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );
});
