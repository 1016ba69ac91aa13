import { z } from 'zod';
import { TlsVersionSchema } from '../enums';
import { addressBits, isIpAddress, isIpOrCidr } from '../cidr';
import { decimalInteger } from '../primitives';

/**
 * An ACL entry the user adds [public]: `cidrBlock` must be an IPv4/IPv6 address or CIDR
 * block; `comment` is required by the service but may be empty.
 */
export const CidrEntrySchema = z.strictObject({
  cidrBlock: z.string().refine(isIpOrCidr, {
    error: 'Enter an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24',
  }),
  comment: z.string({ error: 'Comment must be text' }),
});
/** See {@link CidrEntrySchema}. */
export type CidrEntry = z.infer<typeof CidrEntrySchema>;

/**
 * An ACL entry as the service answers it. Not validated as an address: the ACL may hold
 * entries another tool wrote, and the user must still see them (and be able to remove them).
 */
export const CidrEntryResponseSchema = z.looseObject({
  cidrBlock: z.string(),
  comment: z.string(),
});
/** See {@link CidrEntryResponseSchema}. */
export type CidrEntryResponse = z.infer<typeof CidrEntryResponseSchema>;

/** The cluster and its ACL [public]; `state` is an open string. */
export const ClusterSchema = z.looseObject({
  name: z.string(),
  state: z.string(),
  cidrEntries: z.array(CidrEntryResponseSchema),
});
/** See {@link ClusterSchema}. */
export type Cluster = z.infer<typeof ClusterSchema>;

/** Body of PUT allowed-ips: adds one entry to the ACL. */
export const AddCidrRequestSchema = z.strictObject({ cidrEntry: CidrEntrySchema });

/**
 * Body of PATCH allowed-ips [public], applied as one step that replaces the ACL. Entries to
 * add are validated; entries to remove are any non-empty text, since they name what the ACL
 * already holds (see {@link CidrEntryResponseSchema}).
 */
export const UpdateCidrRequestSchema = z.strictObject({
  addCidrEntries: z.array(CidrEntrySchema),
  removeCidrEntries: z.array(z.string().min(1, { error: 'An entry to remove must not be empty' })),
});
/** See {@link UpdateCidrRequestSchema}. */
export type UpdateCidrRequest = z.infer<typeof UpdateCidrRequestSchema>;

const addressMessage = (name: string): string =>
  `${name} must be one IPv4 or IPv6 address, such as 203.0.113.7 or 2001:db8::7`;

/**
 * Path of DELETE `allowed-ips/{ipAddress}`: one IPv4 or IPv6 address, checked before anything
 * is deleted, so a typo (`300.1.1.1`) is refused here rather than sent to the ACL. An odd
 * entry another tool wrote is removed through `removeCidrEntries` of the PATCH instead.
 */
export const AllowedIpParamsSchema = z.object({
  ipAddress: z.string().refine(isIpAddress, { error: addressMessage('ipAddress') }),
});

/**
 * Path of DELETE `allowed-ips/{cidrIpAddress}/{cidrIpPrefix}`: an IPv4 or IPv6 address and a
 * prefix in the range of its family (0 to 32, 0 to 128), sent as decimal digits. The
 * interface gives the prefix a default of 32 although a path segment cannot be left out; the
 * default applies when the caller omits it.
 */
export const AllowedRangeParamsSchema = z
  .object({
    cidrIpAddress: z.string().refine(isIpAddress, { error: addressMessage('cidrIpAddress') }),
    cidrIpPrefix: decimalInteger('cidrIpPrefix must be a number of bits written in digits').default(
      32,
    ),
  })
  .superRefine(({ cidrIpAddress, cidrIpPrefix }, ctx) => {
    const bits = addressBits(cidrIpAddress);
    if (bits === undefined || (cidrIpPrefix >= 0 && cidrIpPrefix <= bits)) return;
    ctx.addIssue({
      code: 'custom',
      path: ['cidrIpPrefix'],
      message: `cidrIpPrefix must be 0 to ${bits} for an ${bits === 32 ? 'IPv4' : 'IPv6'} address`,
      input: cidrIpPrefix,
    });
  });

/** Body of PUT server-security [public]: the minimum TLS version. */
export const SetClusterSecurityRequestSchema = z.strictObject({ minTlsVersion: TlsVersionSchema });

/** Answer of GET server-security [public]; `minTlsVersion` is kept open for future versions. */
export const ServerSecuritySchema = z.looseObject({
  minTlsVersion: z.string(),
  allConnectionsEncrypted: z.boolean(),
});
/** See {@link ServerSecuritySchema}. */
export type ServerSecurity = z.infer<typeof ServerSecuritySchema>;

/** Answer of GET `/v1/MyIp` [public]: the caller's address and whether the ACL lets it in. */
export const GetMyIpResponseSchema = z.looseObject({
  clientIP: z.string(),
  isAllowed: z.boolean(),
});
/** See {@link GetMyIpResponseSchema}. */
export type GetMyIpResponse = z.infer<typeof GetMyIpResponseSchema>;
