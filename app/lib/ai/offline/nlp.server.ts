/**
 * wink-nlp, loaded once per process: sentence boundaries, word tokens and
 * the entities its light English model recognizes (dates, money, percents,
 * times, durations, cardinals). People, organizations and places come from
 * the rule layer in entities.ts.
 */
import winkNLP, { type ItemEntity, type ItemSentence, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

export type NlpEntity = { value: string; type: string };

export type NlpSentence = {
  text: string;
  /** Lower-cased word tokens that are not stop words. */
  contentWords: string[];
  wordCount: number;
  entities: NlpEntity[];
};

let nlp: WinkMethods | undefined;

function getNlp(): WinkMethods {
  // Sentiment and negation are not needed; leaving them out saves time on long transcripts.
  nlp ??= winkNLP(model, ["sbd", "pos", "ner"]);
  return nlp;
}

/** Sentences of one piece of text, each with its verbatim text, content words and entities. */
export function readSentences(text: string): NlpSentence[] {
  const engine = getNlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const sentences: NlpSentence[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const tokens = sentence.tokens();
    const normals = tokens.out(its.normal) as string[];
    const types = tokens.out(its.type) as string[];
    const stopWords = tokens.out(its.stopWordFlag) as unknown as boolean[];
    const contentWords: string[] = [];
    let wordCount = 0;
    normals.forEach((word, i) => {
      if (types[i] !== "word" && types[i] !== "number") return;
      wordCount += 1;
      if (types[i] === "word" && !stopWords[i]) contentWords.push(word);
    });
    const entities: NlpEntity[] = [];
    sentence.entities().each((entity: ItemEntity) => {
      entities.push({ value: entity.out(), type: String(entity.out(its.type)) });
    });
    sentences.push({ text: sentence.out(), contentWords, wordCount, entities });
  });
  return sentences;
}
