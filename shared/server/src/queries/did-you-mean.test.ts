import { describe, expect, it } from 'vitest';
import { allowedEdits, closestWord, respellings, vocabularyOf } from './did-you-mean';

// Words of real demo titles ("Is there an app that will change my wallpaper based on my location?",
// "To Do List/Productivity app with desktop reminders?").
const vocabulary = vocabularyOf([
  'Is there an app that will change my wallpaper based on my location?',
  'To Do List/Productivity app with desktop reminders?',
  'Looking for a todo app that syncs',
  'Android app to layer mp3s',
  'An app for apps',
]);

describe('respelling a search that found nothing', () => {
  it('counts the words of titles, lower-cased', () => {
    expect(vocabulary.get('app')).toBe(5);
    expect(vocabulary.get('wallpaper')).toBe(1);
    expect(vocabulary.has('Wallpaper')).toBe(false);
  });

  it('allows no edit under three letters, one up to four, two beyond', () => {
    expect([allowedEdits('an'), allowedEdits('app'), allowedEdits('apps'), allowedEdits('androd')]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('picks the closest word, then the commonest among equally close ones', () => {
    expect(closestWord('walpaper', vocabulary)).toBe('wallpaper');
    expect(closestWord('androd', vocabulary)).toBe('android');
    // "ap" is two letters: too short to guess at.
    expect(closestWord('ap', vocabulary)).toBeNull();
    // "aps" is one edit from "app" (5 titles) and from "apps" (1): the commoner wins.
    expect(closestWord('aps', vocabulary)).toBe('app');
    expect(closestWord('spotify', vocabulary)).toBeNull();
  });

  it('joins neighbouring words a title joins, then replaces unknown words', () => {
    expect(respellings('to do', vocabulary)).toEqual(['todo']);
    expect(respellings('androd walpaper', vocabulary)).toEqual(['android wallpaper']);
    expect(respellings('To Do reminders', vocabulary)).toEqual(['todo reminders']);
  });

  it('offers nothing for words already known, a phrase, an or, or a long sentence', () => {
    expect(respellings('android app', vocabulary)).toEqual([]);
    expect(respellings('"walpaper app"', vocabulary)).toEqual([]);
    expect(respellings('walpaper or androd', vocabulary)).toEqual([]);
    expect(respellings('-walpaper', vocabulary)).toEqual([]);
    expect(respellings('one two three four five six walpaper', vocabulary)).toEqual([]);
  });
});
