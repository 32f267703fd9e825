// GENERATED FILE, do not edit. Run `npm run api-types` (in site/) after `make openapi` changes
// ../functions/openapi.json; written by scripts/api-types.ts. A test fails when this file drifts.
/**
 * The rules the API's contract states, per schema and property (`[]`: an array's items, `*`: any other key of an
 * object): what the site checks before sending is read from here, never copied by hand.
 */
export const apiRules = {
  "AnswerSource": {
    "enum": [
      "model",
      "offline"
    ]
  },
  "Batch": {
    "seats": {
      "minimum": 0
    },
    "enrolled": {
      "minimum": 0
    }
  },
  "Outline": {
    "durationWeeks": {
      "minimum": 0
    }
  },
  "OutlineMonth": {
    "month": {
      "minimum": 0
    }
  },
  "OutlineWeek": {
    "week": {
      "minimum": 0
    }
  },
  "Video": {
    "lectureNumber": {
      "minimum": 0
    }
  }
} as const;
