import { agoInWords, editingSentence, savedSentence, timeOfDay } from './presence';

describe('who else is editing, in words', () => {
  it("says the time of day in the site's time zone, not the machine's", () => {
    // 09:42 UTC is 10:42 in Madrid in winter and 11:42 in summer.
    expect(timeOfDay('2026-11-24T09:42:10.000Z', 'Europe/Madrid')).toBe('10:42');
    expect(timeOfDay('2026-07-01T09:42:10.000Z', 'Europe/Madrid')).toBe('11:42');
    expect(timeOfDay('2026-11-24T23:05:00.000Z', 'America/Santiago')).toBe('20:05');
    expect(timeOfDay('no es una fecha', 'Europe/Madrid')).toBe('');
  });

  it('names the person and the kind of record', () => {
    const ana = { name: 'Ana', since: '2026-11-24T09:42:10.000Z', you: false };
    expect(editingSentence(ana, 'publication', 'Europe/Madrid')).toBe('Ana está editando esta publicación desde las 10:42');
    expect(editingSentence(ana, 'biography', 'Europe/Madrid')).toBe('Ana está editando esta biografía desde las 10:42');
    expect(editingSentence(ana, 'section', 'Europe/Madrid')).toBe('Ana está editando esta sección desde las 10:42');
    expect(editingSentence({ ...ana, you: true }, 'section', 'Europe/Madrid')).toBe(
      'Usted también está editando esta sección en otra pestaña o navegador desde las 10:42',
    );
  });

  it('says how long ago a save was', () => {
    const at = Date.parse('2026-11-24T09:42:00.000Z');
    const save = { by: 'Ana', you: false, at: '2026-11-24T09:42:00.000Z' };
    expect(savedSentence(save, at + 20_000)).toBe('Ana guardó cambios hace unos segundos');
    expect(savedSentence(save, at + 60_000)).toBe('Ana guardó cambios hace 1 minuto');
    expect(savedSentence(save, at + 5 * 60_000 + 59_000)).toBe('Ana guardó cambios hace 5 minutos');
    expect(savedSentence({ ...save, you: true }, at + 60_000)).toBe('Usted guardó cambios en otra pestaña o navegador hace 1 minuto');
    expect(agoInWords(save.at, at + 60 * 60_000)).toBe('hace 1 hora');
    expect(agoInWords(save.at, at + 3 * 60 * 60_000)).toBe('hace 3 horas');
    expect(agoInWords(save.at, at + 48 * 60 * 60_000)).toBe('hace 2 días');
    // A clock a little behind the server's: never 'hace -1 minutos'.
    expect(agoInWords(save.at, at - 5_000)).toBe('hace unos segundos');
  });
});
