import { hashPassword, PASSWORD_COST, setPasswordCost, verifyAgainstNothing, verifyPassword } from './passwords';

// scrypt is slow by design (32 MiB and tens of milliseconds a check): with every CPU busy
// running the other suites, a few of them take longer than Jest's default five seconds.
jest.setTimeout(30_000);

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('clave secreta ñ');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('clave');
    await expect(verifyPassword('clave secreta ñ', hash)).resolves.toBe(true);
    await expect(verifyPassword('clave secreta n', hash)).resolves.toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  it('refuses stored values of another scheme or broken ones', async () => {
    await expect(verifyPassword('x', 'pbkdf2$1$abc')).resolves.toBe(false);
    await expect(verifyPassword('x', '')).resolves.toBe(false);
    await expect(verifyAgainstNothing('x')).resolves.toBe(false);
  });
});

describe('the cost of new hashes', () => {
  afterEach(() => setPasswordCost(PASSWORD_COST));

  it('is 2^15 unless set; a lower one is written in the hash, and older hashes keep theirs', async () => {
    const before = await hashPassword('x');
    setPasswordCost(2 ** 10);
    const cheap = await hashPassword('x');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(verifyPassword('x', cheap)).resolves.toBe(true);
    await expect(verifyPassword('x', before)).resolves.toBe(true);
    await expect(verifyAgainstNothing('x')).resolves.toBe(false);
    expect(() => setPasswordCost(1000)).toThrow(/power of two/);
  });
});
