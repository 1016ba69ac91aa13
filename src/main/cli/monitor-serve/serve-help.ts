import { optionsHelp } from '../args/option-spec';
import { SERVE_SERVING_OPTIONS, SERVE_WATCH_OPTIONS } from './serve-options';

/** The help of `databridge monitor serve`. */
export const SERVE_HELP = `Usage: databridge monitor serve [--profile NAME ...] [--config FILE] [--listen HOST:PORT]
         [--token-file FILE | --token-env VAR] [--tls-cert FILE --tls-key FILE] [--interval SECONDS]

The app's always-on monitor as a service for a team's Prometheus: it reads the sessions of
every instance of the named connections once per interval (whoever asks), and answers
  /metrics                     Prometheus text format (databridge_* per profile, instance, region)
  /healthz                     200 while every instance's last sample is younger than 3
                               intervals, 503 otherwise (JSON; never asks for the token)
  /api/v1/instances            each instance's last sample and head blockers (JSON)
  /api/v1/instances/{profile}/{instance}/sessions
                               the sessions of the instance's last sample (JSON)

What to watch (one or more):
${optionsHelp(SERVE_WATCH_OPTIONS)}

Serving:
${optionsHelp(SERVE_SERVING_OPTIONS)}

Runs in the foreground and logs one JSON line per event on stderr. SIGTERM or Ctrl+C stops it
cleanly (exit 0): the server closes, sampling stops, the history is written whole. It runs with
a small young generation (node --max-semi-space-size=2) to keep its memory flat: on Linux and
macOS it starts itself again with the flag unless Node has it; on Windows, set NODE_OPTIONS.`;
