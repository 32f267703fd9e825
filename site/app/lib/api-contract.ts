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
  "ChatRequest": {
    "question": {
      "minLength": 1,
      "maxLength": 500,
      "pattern": "\\S"
    }
  },
  "FormType": {
    "enum": [
      "contact-form",
      "registration-form",
      "enrollment-form"
    ]
  },
  "LectureProgress": {
    "lectureNumber": {
      "minimum": 0
    }
  },
  "LinkRequest": {
    "batchId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "secretId": {
      "minLength": 1,
      "maxLength": 128,
      "pattern": "\\S"
    }
  },
  "MyBatch": {
    "lecturesTotal": {
      "minimum": 0
    },
    "lecturesWatched": {
      "minimum": 0
    },
    "nextLecture": {
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
  "ProgressUpdate": {
    "positionSeconds": {
      "minimum": 0,
      "maximum": 86400
    }
  },
  "SendEmailRequest": {
    "formData": {
      "firstName": {
        "maxLength": 100
      },
      "lastName": {
        "maxLength": 100
      },
      "email": {
        "maxLength": 254
      },
      "phone": {
        "maxLength": 32
      },
      "inquiryType": {
        "maxLength": 100
      },
      "course": {
        "maxLength": 200
      },
      "plan": {
        "maxLength": 20
      },
      "country": {
        "maxLength": 60
      },
      "message": {
        "maxLength": 5000
      },
      "website": {
        "maxLength": 200
      }
    }
  },
  "Video": {
    "lectureNumber": {
      "minimum": 0
    }
  }
} as const;
