import { accountMessages, isCommonPassword, isRole, usernameKey, validatePassword, validateUsername } from './accounts';

/** A name as a letter and a combining mark (NFD), as some keyboards and systems send it. */
const decomposed = (text: string) => text.normalize('NFD');

describe('validatePassword', () => {
  it('accepts a long password that is neither the username nor a common one', () => {
    expect(validatePassword('caballo correcto grapa batería', 'ana')).toEqual([]);
  });

  it('refuses fewer than 15 characters, counting characters rather than bytes', () => {
    expect(validatePassword('a'.repeat(14), 'ana')).toEqual([accountMessages.passwordTooShort]);
    expect(validatePassword('ñ'.repeat(15), 'ana')).toEqual([]);
    expect(validatePassword('😀'.repeat(14), 'ana')).toEqual([accountMessages.passwordTooShort]);
  });

  it('refuses more than 128 characters', () => {
    expect(validatePassword('x'.repeat(129), 'ana')).toEqual([accountMessages.passwordTooLong]);
    expect(validatePassword('xq'.repeat(64), 'ana')).toEqual([]);
  });

  it('refuses the username in any case', () => {
    expect(validatePassword('Profesora.Garcia', 'profesora.garcia')).toEqual([accountMessages.passwordIsUsername]);
  });

  it('refuses the username with its accents written either way', () => {
    expect(validatePassword(decomposed('ÁngelaMaríaNúñez'), 'ángelamaríanúñez')).toEqual([accountMessages.passwordIsUsername]);
    expect(validatePassword('ÁngelaMaríaNúñez', decomposed('ángelamaríanúñez'))).toEqual([accountMessages.passwordIsUsername]);
  });

  it('refuses a password from the common list in any case', () => {
    expect(isCommonPassword('passwordpassword')).toBe(true);
    expect(validatePassword('PasswordPassword', 'ana')).toEqual([accountMessages.passwordTooCommon]);
    expect(validatePassword('1qaz2wsx3edc4rfv', 'ana')).toEqual([accountMessages.passwordTooCommon]);
  });
});

describe('validateUsername', () => {
  it('accepts letters, digits and @.+-_ and refuses spaces or an empty name', () => {
    expect(validateUsername('maría.lópez@uni')).toEqual([]);
    expect(validateUsername('con espacio')).toEqual([accountMessages.usernameInvalid]);
    expect(validateUsername('  ')).toEqual(['Este campo es obligatorio.']);
    expect(validateUsername('a'.repeat(151))).toEqual([accountMessages.usernameTooLong]);
  });

  it('accepts a letter whose accent is written as a mark of its own', () => {
    expect(validateUsername(decomposed('Ñandu'))).toEqual([]);
    expect(validateUsername(decomposed('maría.lópez@uni'))).toEqual([]);
  });
});

describe('usernameKey', () => {
  it('is one key for a name in any case, its accents written as one character or as a letter and a mark', () => {
    for (const [a, b] of [
      ['Ñandu', 'ñandu'],
      ['Álvaro', 'ÁLVARO'],
      ['Óscar', decomposed('óscar')],
      [decomposed('Ángela'), 'ángela'],
    ]) {
      expect(usernameKey(a)).toBe(usernameKey(b));
    }
    expect(usernameKey(decomposed('Ñandu'))).toBe('ñandu');
    expect(usernameKey('Nandu')).not.toBe(usernameKey('Ñandu'));
  });
});

it('knows the two roles only', () => {
  expect(isRole('admin')).toBe(true);
  expect(isRole('editor')).toBe(true);
  expect(isRole('owner')).toBe(false);
});
