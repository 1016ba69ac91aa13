import { spawn } from 'node:child_process';
import { request } from 'undici';
import { partRange, planParts, type PartPlan } from '../../src/main/services/transfers/part-plan';

/*
 * The upload bench's yardstick: the parts the engine would send, sent instead by N parallel
 * `curl -T -` processes to pre-signed URLs of the same emulator. curl cannot upload a byte
 * range of a file, so `dd` reads each part's range and pipes it into curl: nothing is copied
 * to disk first and no Node process sits in the data path.
 */

const API_KEY = 'demo-contributor-key';

async function api(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<string> {
  const json = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await request(`${baseUrl}${path}`, {
    method,
    headers: { authorization: API_KEY, ...json },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300)
    throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
  return text;
}

/** What one `dd | curl` part answered, and the CPU its processes used. */
interface CurlPart {
  etag: string;
  cpuSeconds: number;
}

/** Minutes and seconds as the shell's `times` prints them (`0m1.230000s`), in seconds. */
const timesSeconds = (text: string | undefined): number => {
  const match = /^(\d+)m([\d.]+)s$/.exec(text ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};

/**
 * Sends one part with `dd | curl` and answers the ETag the emulator returned, with the CPU
 * seconds (user + system) of dd and curl together: the shell's `times` prints them for its
 * waited children once the pipeline is over, so no process is missed however short it lived.
 */
function curlPart(source: string, start: number, length: number, url: string): Promise<CurlPart> {
  const script =
    'dd if="$SRC" bs=1M skip="$SKIP" count="$LEN" iflag=skip_bytes,count_bytes status=none | ' +
    // -T - reads stdin; an explicit Content-Length (no chunking, no Expect round trip), as an
    // object store wants for a part.
    'curl -s -o /dev/null -w "%{http_code} %header{etag}\\n" -T - ' +
    '-H "Content-Length: $LEN" -H "Transfer-Encoding:" -H "Expect:" "$URL"; ' +
    'code=$?; times; exit $code';
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      env: { ...process.env, SRC: source, SKIP: String(start), LEN: String(length), URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    // 'close', not 'exit': the answer on stdout may still be arriving when the process exits.
    child.once('close', (code) => {
      const [answer = '', , children = ''] = out.trim().split('\n');
      const [status, etag] = answer.trim().split(' ');
      const [user, system] = children.trim().split(' ');
      const cpuSeconds = timesSeconds(user) + timesSeconds(system);
      if (code === 0 && status === '200' && etag) resolve({ etag, cpuSeconds });
      else reject(new Error(`curl part failed: exit ${code}, answer "${out}"`));
    });
  });
}

/** What one curl run measured. */
export interface CurlRun {
  seconds: number;
  bytesPerSecond: number;
  plan: PartPlan;
  /** CPU seconds of every dd and curl process of the run (the whole client side). */
  cpuSeconds: number;
}

/**
 * Uploads `source` (`size` bytes) as a multipart upload of `database` with the engine's part
 * plan, `inFlight` parts at a time, each part's URL fetched just before it is sent (as the
 * engine does). Completes the upload afterwards, which checks every ETag: the yardstick must
 * store the right bytes too.
 */
export async function curlUpload(options: {
  baseUrl: string;
  instanceName: string;
  database: string;
  source: string;
  size: number;
  inFlight: number;
}): Promise<CurlRun> {
  const { baseUrl, source, size } = options;
  const plan = planParts(size);
  const base = `/v1/sql-instances/${options.instanceName}/databases/${options.database}/bak`;
  const init = JSON.parse(await api(baseUrl, 'POST', `${base}/init-upload`)) as {
    uploadId: string;
  };
  const queue = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const etags: Record<string, string> = {};
  let cpuSeconds = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    for (let part = queue.shift(); part !== undefined; part = queue.shift()) {
      const text = await api(baseUrl, 'GET', `${base}/upload-part/${init.uploadId}/${part}`);
      const url = text.startsWith('"') ? (JSON.parse(text) as string) : text;
      const range = partRange(size, plan.partSize, part);
      const sent = await curlPart(source, range.start, range.length, url);
      etags[String(part)] = sent.etag;
      cpuSeconds += sent.cpuSeconds;
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  await api(baseUrl, 'POST', `${base}/complete-upload`, { uploadId: init.uploadId, etags });
  return { seconds, bytesPerSecond: size / seconds, plan, cpuSeconds };
}
