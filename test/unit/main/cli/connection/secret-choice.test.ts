import { describe, expect, it } from 'vitest';
import {
  askAgain,
  chooseSecret,
  giveOnCommandLine,
  keychainUnreadable,
  secretOffer,
  type SavedConnection,
} from '../../../../../src/main/cli/connection/secret-choice';

const ENV_KEY = 'key-left-in-the-shell';
const STORED = 'key-stored-for-prod';
const ORIGIN = 'https://api-euw1.rms.com';

function saved(stored?: SavedConnection['stored']): SavedConnection {
  return {
    name: 'Production',
    origin: ORIGIN,
    give: giveOnCommandLine,
    ...(stored ? { stored } : {}),
  };
}

describe('secretOffer', () => {
  it('takes DATABRIDGE_API_KEY as the environment’s, and --api-key as given', () => {
    expect(secretOffer('apiKey', {}, { DATABRIDGE_API_KEY: ENV_KEY })).toEqual({
      kind: 'apiKey',
      environment: ENV_KEY,
    });
    expect(secretOffer('apiKey', { 'api-key': 'typed' }, { DATABRIDGE_API_KEY: ENV_KEY })).toEqual({
      kind: 'apiKey',
      given: 'typed',
      environment: ENV_KEY,
    });
  });

  it('takes what --api-key-stdin read as given for this command, not as the environment’s', () => {
    expect(
      secretOffer('apiKey', {}, { DATABRIDGE_API_KEY: 'piped' }, 'DATABRIDGE_API_KEY'),
    ).toEqual({ kind: 'apiKey', given: 'piped' });
    // The password read from standard input says nothing of the API key.
    expect(
      secretOffer('apiKey', {}, { DATABRIDGE_API_KEY: ENV_KEY }, 'DATABRIDGE_PASSWORD'),
    ).toEqual({ kind: 'apiKey', environment: ENV_KEY });
  });

  it('reads the password the same way, and an empty variable as none', () => {
    expect(secretOffer('password', { password: 'pw' }, { DATABRIDGE_PASSWORD: 'env-pw' })).toEqual({
      kind: 'password',
      given: 'pw',
      environment: 'env-pw',
    });
    expect(secretOffer('password', {}, { DATABRIDGE_PASSWORD: '' })).toEqual({ kind: 'password' });
  });
});

describe('chooseSecret without --profile', () => {
  it('sends the environment’s key, as it always did, and the given one first', () => {
    expect(chooseSecret({ kind: 'apiKey', environment: ENV_KEY })).toEqual({ send: ENV_KEY });
    expect(chooseSecret({ kind: 'apiKey', given: 'typed', environment: ENV_KEY })).toEqual({
      send: 'typed',
    });
  });

  it('refuses when nothing was given', () => {
    expect(chooseSecret({ kind: 'apiKey' })).toEqual({
      refuse: expect.stringMatching(
        /^Give an API key: DATABRIDGE_API_KEY, --api-key-stdin/,
      ) as unknown,
    });
  });
});

describe('chooseSecret with --profile', () => {
  it('sends the stored key, not the environment’s, and says so in one line', () => {
    const choice = chooseSecret(
      { kind: 'apiKey', environment: ENV_KEY },
      saved({ secret: STORED, from: 'keychain' }),
    );
    expect(choice).toEqual({
      send: STORED,
      note: 'note: --profile "Production" signs in with its stored API key; DATABRIDGE_API_KEY from the environment is ignored.\n',
    });
  });

  it('says nothing when the environment holds no key', () => {
    expect(chooseSecret({ kind: 'apiKey' }, saved({ secret: STORED, from: 'keychain' }))).toEqual({
      send: STORED,
    });
  });

  it('sends the emulator’s demo key for the built-in emulator, not the environment’s', () => {
    const choice = chooseSecret(
      { kind: 'apiKey', environment: ENV_KEY },
      saved({ secret: 'demo-admin-key', from: 'emulator' }),
    );
    expect(choice).toEqual({
      send: 'demo-admin-key',
      note: 'note: --profile "Production" signs in with the local emulator\'s demo key; DATABRIDGE_API_KEY from the environment is ignored.\n',
    });
  });

  it('refuses to send the environment’s key when none is stored, without quoting it', () => {
    const choice = chooseSecret({ kind: 'apiKey', environment: ENV_KEY }, saved());
    expect(choice).toEqual({
      refuse: expect.stringMatching(
        /^DATABRIDGE_API_KEY from the environment is not sent to the saved connection "Production" \(https:\/\/api-euw1\.rms\.com\): .*no API key is stored for "Production"\. Give the API key for this command with --api-key-stdin/,
      ) as unknown,
    });
    expect(JSON.stringify(choice)).not.toContain(ENV_KEY);
  });

  it('refuses the password of DATABRIDGE_PASSWORD the same way', () => {
    const choice = chooseSecret({ kind: 'password', environment: 'env-pw' }, saved());
    expect(choice).toEqual({
      refuse: expect.stringMatching(
        /^DATABRIDGE_PASSWORD from the environment is not sent .*--password-stdin/,
      ) as unknown,
    });
  });

  it('sends a key given for this command (--api-key, --api-key-stdin) before the stored one', () => {
    expect(
      chooseSecret(
        { kind: 'apiKey', given: 'piped', environment: ENV_KEY },
        saved({ secret: STORED, from: 'keychain' }),
      ),
    ).toEqual({ send: 'piped' });
  });

  it('asks for the key when nothing is stored and nothing given', () => {
    expect(chooseSecret({ kind: 'apiKey' }, saved())).toEqual({
      refuse:
        'No API key is stored for the saved connection "Production". Give the API key for this command with --api-key-stdin (or --api-key KEY), or connect to "Production" once in the app with "Remember" on to store it in the keychain.',
    });
  });
});

describe('the words of a refusal', () => {
  it('say how the command takes the secret', () => {
    const inConfig = () => 'in --config';
    expect(askAgain('apiKey', 'Prod', inConfig)).toBe(
      'Give the API key in --config, or connect to "Prod" once in the app with "Remember" on to store it in the keychain.',
    );
  });

  it('a keychain that cannot be read does not let the environment’s key through', () => {
    expect(
      keychainUnreadable({ kind: 'apiKey', environment: ENV_KEY }, 'Prod', giveOnCommandLine),
    ).toBe(
      'The keychain could not be read for the stored API key of "Prod". DATABRIDGE_API_KEY from the environment is not sent to a saved connection. Give the API key for this command with --api-key-stdin (or --api-key KEY).',
    );
    expect(keychainUnreadable({ kind: 'password' }, 'Prod', giveOnCommandLine)).toMatch(
      /^The keychain could not be read for the stored password of "Prod"\. Give the password for this command with --password-stdin/,
    );
  });
});
