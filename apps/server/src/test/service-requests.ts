import { NOT_SURE_CARRIER } from "@agency/domain";

/** File heads a real file of each kind starts with (the rest of a test file is filler). */
export const FILE_HEADS = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1],
  heic: [0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")],
  pdf: [...Buffer.from("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 10],
  /** A Windows program (MZ), as a "photo.jpg" would hide it. */
  exe: [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0],
} as const;

/** A file of `size` bytes that starts like `kind` and is random after (not compressible). */
export function testFile(kind: keyof typeof FILE_HEADS, size = 2048): Buffer {
  const head = Buffer.from(FILE_HEADS[kind]);
  const file = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) file[i] = (i * 7919 + size) & 0xff;
  head.copy(file, 0, 0, Math.min(head.length, size));
  return file;
}

/** A file as a request carries it. */
export function attachment(name: string, bytes: Buffer) {
  return { name, data: bytes.toString("base64") };
}

/** Who asks, on every kind. */
export const CLIENT = {
  name: "Ana María Núñez",
  email: "ana.nunez@example.com",
  phone: "(612) 555-0199",
  carrier: NOT_SURE_CARRIER,
  policyNumber: "",
};

/** A valid request of each kind. */
export const VALID_REQUESTS = {
  "id-cards": { kind: "id-cards", ...CLIENT, vehicles: "2019 Honda CR-V" },
  "policy-change": {
    kind: "policy-change",
    ...CLIENT,
    changeType: "add-vehicle",
    effectiveDate: "2026-12-15",
    details: "Adding a 2024 Subaru Outback, VIN on the bill of sale.",
  },
  certificate: {
    kind: "certificate",
    ...CLIENT,
    holderName: "Lakeside Apartments LLC",
    holderAddress: "100 Lake St, Minneapolis, MN 55408",
    holderEmail: "leasing@example.com",
    purpose: "Renter's lease",
    neededBy: "2026-12-10",
  },
  claim: {
    kind: "claim",
    ...CLIENT,
    lossDate: "2026-11-27",
    lossPlace: "Snelling Ave and University Ave, Saint Paul",
    description: "Rear-ended at a red light. Bumper and trunk damaged.",
    injuries: "no",
    policeReport: "SP-26-118822",
  },
  other: { kind: "other", ...CLIENT, message: "Can I add my daughter's apartment to my policy?" },
} as const;
