/** The feed file of the stable channel on Linux. */
export const FEED_FILE: string;
/** What a feed names: the version, its file and that file's SHA-512 (base64). */
export interface Feed {
  version: string;
  path: string;
  sha512: string;
}
/** The version, file and SHA-512 a feed (latest-linux.yml) names; throws naming what it lacks. */
export function feedOf(text: string): Feed;
/** The machine policy that points the app at the feed on this runner. */
export function feedPolicy(url: string): { version: 1; updates: { url: string } };
/** The file a request asks for, when it is one of `names`; undefined otherwise. */
export function servedName(url: string, names: readonly string[]): string | undefined;
/** The SHA-512 of a file, base64. */
export function sha512Of(file: string): Promise<string>;
/** A request the feed server answered. */
export interface FeedRequest {
  method: string | undefined;
  name: string | undefined;
  status: number;
  range: string | undefined;
}
/** Serves `names` from `folder` on 127.0.0.1, recording each request. */
export function startFeedServer(
  folder: string,
  names: readonly string[],
): Promise<{ url: string; requests: FeedRequest[]; close(): Promise<void> }>;
/** What went wrong with N's update to N+1, in words; empty when it was found and verified. */
export function updateVerdict(facts: {
  from: Feed;
  to: Feed;
  feedUrl: string;
  status: unknown;
  requests: readonly FeedRequest[];
  downloaded: readonly { name: string; sha512: string }[];
}): string[];
