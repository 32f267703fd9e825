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
  "AssignmentChange": {
    "title": {
      "minLength": 1,
      "maxLength": 200,
      "pattern": "\\S"
    },
    "instructions": {
      "maxLength": 20000
    },
    "dueAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "points": {
      "minimum": 1,
      "maximum": 1000
    },
    "publishAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "lectureNumber": {
      "minimum": 1,
      "maximum": 99999
    },
    "liveSessionId": {
      "pattern": "^[0-9a-f]{24}$"
    }
  },
  "Attendance": {
    "enum": [
      "attended",
      "no-show"
    ]
  },
  "AttendanceMark": {
    "enum": [
      "present",
      "absent",
      "excused"
    ]
  },
  "AttendanceMinimum": {
    "percent": {
      "minimum": 1,
      "maximum": 100
    }
  },
  "Batch": {
    "seats": {
      "minimum": 0
    },
    "enrolled": {
      "minimum": 0
    }
  },
  "BatchAttendance": {
    "sessionsHeld": {
      "minimum": 0
    },
    "minimumPercent": {
      "minimum": 0
    }
  },
  "BatchCertificates": {
    "lecturesTotal": {
      "minimum": 0
    }
  },
  "BatchReport": {
    "lecturesTotal": {
      "minimum": 0
    }
  },
  "Booking": {
    "minutes": {
      "minimum": 0
    },
    "sequence": {
      "minimum": 0
    }
  },
  "BulkAnswer": {
    "enrolled": {
      "minimum": 0
    },
    "alreadyEnrolled": {
      "minimum": 0
    },
    "invalid": {
      "minimum": 0
    }
  },
  "BulkLine": {
    "line": {
      "minimum": 0
    }
  },
  "BulkRequest": {
    "csv": {
      "maxLength": 60000
    }
  },
  "CertificateName": {
    "name": {
      "minLength": 2,
      "maxLength": 80,
      "pattern": "^[A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ][A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ̀-̿'’.\\- ]*[A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ̀-̿'’.\\-]$"
    }
  },
  "CertificateStatus": {
    "enum": [
      "valid",
      "revoked"
    ]
  },
  "ChatRequest": {
    "question": {
      "minLength": 1,
      "maxLength": 500,
      "pattern": "\\S"
    }
  },
  "CheckoutAnswer": {
    "amount": {
      "minimum": 0
    },
    "months": {
      "minimum": 0
    }
  },
  "CheckoutRequest": {
    "courseId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "batchId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "firstName": {
      "maxLength": 50,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "lastName": {
      "maxLength": 50,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "phone": {
      "maxLength": 20,
      "pattern": "^[ +()-]*([0-9][ +()-]*){7,15}$"
    }
  },
  "ClaimRequest": {
    "batchId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "name": {
      "minLength": 2,
      "maxLength": 80,
      "pattern": "^[A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ][A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ̀-̿'’.\\- ]*[A-Za-zÀ-ÖØ-öø-ɏḀ-ỻ̀-̿'’.\\-]$"
    }
  },
  "CompleteRequest": {
    "uploadId": {
      "minLength": 1,
      "maxLength": 1024
    },
    "parts": {
      "minItems": 1,
      "maxItems": 10000
    }
  },
  "ConfirmRequest": {
    "clientSecret": {
      "maxLength": 200
    }
  },
  "ContactFormData": {
    "firstName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "lastName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "phone": {
      "maxLength": 32,
      "pattern": "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*(?:[ +().-]*(?:[0-9][ +().-]*){7,15}[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*)?$"
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
      "maxLength": 5000,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "website": {
      "maxLength": 200
    }
  },
  "ContactFormRequest": {
    "formType": {
      "enum": [
        "contact-form"
      ]
    }
  },
  "DemoStatus": {
    "enum": [
      "booked",
      "cancelled"
    ]
  },
  "Enquiry": {
    "attempts": {
      "minimum": 0
    }
  },
  "EnquiryUpdate": {
    "note": {
      "maxLength": 2000
    }
  },
  "EnrolRequest": {
    "batchId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "name": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "enquiryId": {
      "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
    }
  },
  "EnrollmentFormData": {
    "firstName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "lastName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "phone": {
      "maxLength": 32,
      "pattern": "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*[ +().-]*(?:[0-9][ +().-]*){7,15}[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$"
    },
    "inquiryType": {
      "maxLength": 100
    },
    "course": {
      "enum": [
        "MERN Stack Development",
        "Data Analysis",
        "AI & Machine Learning",
        "Cyber Security"
      ],
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
  },
  "EnrollmentFormRequest": {
    "formType": {
      "enum": [
        "enrollment-form"
      ]
    }
  },
  "EnrolmentStatus": {
    "enum": [
      "active",
      "revoked",
      "expired"
    ]
  },
  "EnrolmentView": {
    "lecturesWatched": {
      "minimum": 0
    },
    "lecturesTotal": {
      "minimum": 0
    }
  },
  "FeedbackView": {
    "version": {
      "minimum": 0
    }
  },
  "FileDone": {
    "parts": {
      "minItems": 1,
      "maxItems": 10
    }
  },
  "FilePart": {
    "number": {
      "minimum": 1,
      "maximum": 10000
    },
    "etag": {
      "minLength": 1,
      "maxLength": 256,
      "pattern": "\\S"
    }
  },
  "FileUpload": {
    "partSize": {
      "minimum": 0
    }
  },
  "FileView": {
    "size": {
      "minimum": 0
    }
  },
  "FormType": {
    "enum": [
      "contact-form",
      "registration-form",
      "enrollment-form"
    ]
  },
  "LectureChange": {
    "title": {
      "minLength": 1,
      "maxLength": 200,
      "pattern": "\\S"
    },
    "description": {
      "maxLength": 2000
    },
    "lectureNumber": {
      "minimum": 1,
      "maximum": 99999
    }
  },
  "LectureKind": {
    "enum": [
      "recording",
      "file",
      "embed"
    ]
  },
  "LectureProgress": {
    "lectureNumber": {
      "minimum": 0
    }
  },
  "LectureReport": {
    "lectureNumber": {
      "minimum": 0
    },
    "watchedBy": {
      "minimum": 0
    },
    "startedBy": {
      "minimum": 0
    }
  },
  "LectureState": {
    "enum": [
      "uploading",
      "processing",
      "ready",
      "failed"
    ]
  },
  "LedgerMonth": {
    "month": {
      "minimum": 0
    },
    "amount": {
      "minimum": 0
    }
  },
  "LineOutcome": {
    "enum": [
      "enrolled",
      "already_enrolled",
      "invalid"
    ]
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
  "ManualMethod": {
    "enum": [
      "bank",
      "jazzcash",
      "easypaisa",
      "cash"
    ]
  },
  "ManualPayment": {
    "email": {
      "maxLength": 254
    },
    "firstName": {
      "maxLength": 50,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "lastName": {
      "maxLength": 50,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "batchId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "amount": {
      "minimum": 1,
      "maximum": 100000000
    },
    "currency": {
      "enum": [
        "usd",
        "pkr"
      ]
    },
    "reference": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "receiptId": {
      "pattern": "^[0-9a-f]{24}$"
    }
  },
  "Marking": {
    "enum": [
      "pass",
      "points"
    ]
  },
  "Method": {
    "enum": [
      "card",
      "bank",
      "jazzcash",
      "easypaisa",
      "cash"
    ]
  },
  "MonthStatus": {
    "enum": [
      "paid",
      "due",
      "overdue",
      "upcoming",
      "refunded"
    ]
  },
  "MyAssignmentSummary": {
    "points": {
      "minimum": 0
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
    },
    "assignmentsTotal": {
      "minimum": 0
    },
    "assignmentsDone": {
      "minimum": 0
    },
    "assignmentsPassed": {
      "minimum": 0
    }
  },
  "MyPayment": {
    "month": {
      "minimum": 0
    },
    "amount": {
      "minimum": 0
    }
  },
  "MyPlan": {
    "amount": {
      "minimum": 0
    },
    "months": {
      "minimum": 0
    },
    "monthsPaid": {
      "minimum": 0
    }
  },
  "MySession": {
    "minutes": {
      "minimum": 0
    }
  },
  "NewAssignment": {
    "title": {
      "minLength": 1,
      "maxLength": 200,
      "pattern": "\\S"
    },
    "instructions": {
      "maxLength": 20000
    },
    "dueAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "points": {
      "minimum": 1,
      "maximum": 1000
    },
    "publishAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "lectureNumber": {
      "minimum": 1,
      "maximum": 99999
    },
    "liveSessionId": {
      "pattern": "^[0-9a-f]{24}$"
    }
  },
  "NewBooking": {
    "slotId": {
      "pattern": "^[0-9a-f]{24}$"
    },
    "name": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "phone": {
      "maxLength": 32,
      "pattern": "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*[ +().-]*(?:[0-9][ +().-]*){7,15}[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$"
    },
    "courseId": {
      "pattern": "^([0-9a-f]{24})?$"
    }
  },
  "NewFile": {
    "fileName": {
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$"
    },
    "size": {
      "minimum": 1,
      "maximum": 25000000
    },
    "contentType": {
      "maxLength": 255,
      "pattern": "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$"
    }
  },
  "NewLecture": {
    "title": {
      "minLength": 1,
      "maxLength": 200,
      "pattern": "\\S"
    },
    "description": {
      "maxLength": 2000
    },
    "lectureNumber": {
      "minimum": 1,
      "maximum": 99999
    },
    "embedUrl": {
      "maxLength": 2048,
      "pattern": "^https://(youtube\\.com|www\\.youtube\\.com|m\\.youtube\\.com|youtu\\.be|www\\.youtube-nocookie\\.com|vimeo\\.com|player\\.vimeo\\.com|drive\\.google\\.com|docs\\.google\\.com)([/?#]\\S*)?$"
    }
  },
  "NewReceipt": {
    "fileName": {
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$"
    },
    "size": {
      "minimum": 1,
      "maximum": 10000000
    },
    "contentType": {
      "maxLength": 255,
      "pattern": "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$"
    }
  },
  "NewSession": {
    "startsAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "minutes": {
      "minimum": 15,
      "maximum": 300
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    }
  },
  "NewSlots": {
    "startsAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "minutes": {
      "minimum": 30,
      "maximum": 45
    },
    "seats": {
      "minimum": 1,
      "maximum": 50
    },
    "courseId": {
      "pattern": "^([0-9a-f]{24})?$"
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    },
    "repeatWeeks": {
      "minimum": 0,
      "maximum": 12
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
  "PartUrl": {
    "number": {
      "minimum": 0
    }
  },
  "PaymentState": {
    "amount": {
      "minimum": 0
    },
    "months": {
      "minimum": 0
    }
  },
  "PaymentStatus": {
    "enum": [
      "pending",
      "paid",
      "failed",
      "refunded"
    ]
  },
  "PaymentView": {
    "month": {
      "minimum": 0
    },
    "months": {
      "minimum": 0
    },
    "amount": {
      "minimum": 0
    }
  },
  "PlanKind": {
    "enum": [
      "basic",
      "standard",
      "premium",
      "custom"
    ]
  },
  "PlanPrice": {
    "monthlyAmount": {
      "minimum": 0
    }
  },
  "PlanStatus": {
    "enum": [
      "pending",
      "active",
      "overdue",
      "paused",
      "cancelled",
      "completed",
      "refunded"
    ]
  },
  "PlaybackKind": {
    "enum": [
      "hls"
    ]
  },
  "ProgressUpdate": {
    "positionSeconds": {
      "minimum": 0,
      "maximum": 86400
    }
  },
  "QueueState": {
    "enum": [
      "waiting",
      "reviewed",
      "all"
    ]
  },
  "ReceiptView": {
    "size": {
      "minimum": 0
    }
  },
  "RecordingRef": {
    "lectureNumber": {
      "minimum": 0
    }
  },
  "RefundRequest": {
    "reason": {
      "maxLength": 500
    }
  },
  "RegistrationFormData": {
    "firstName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "lastName": {
      "maxLength": 100,
      "pattern": "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]"
    },
    "email": {
      "maxLength": 254
    },
    "phone": {
      "maxLength": 32,
      "pattern": "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*[ +().-]*(?:[0-9][ +().-]*){7,15}[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$"
    },
    "inquiryType": {
      "maxLength": 100
    },
    "course": {
      "enum": [
        "MERN Stack Development",
        "Data Analysis",
        "AI & Machine Learning",
        "Cyber Security"
      ],
      "maxLength": 200
    },
    "plan": {
      "enum": [
        "basic",
        "standard",
        "premium"
      ],
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
  },
  "RegistrationFormRequest": {
    "formType": {
      "enum": [
        "registration-form"
      ]
    }
  },
  "Reschedule": {
    "slotId": {
      "pattern": "^[0-9a-f]{24}$"
    }
  },
  "ReviewRequest": {
    "feedback": {
      "minLength": 1,
      "maxLength": 20000,
      "pattern": "\\S"
    }
  },
  "ReviewView": {
    "version": {
      "minimum": 0
    }
  },
  "Revocation": {
    "reason": {
      "minLength": 1,
      "maxLength": 300,
      "pattern": "\\S"
    }
  },
  "SessionChange": {
    "reason": {
      "minLength": 1,
      "maxLength": 300,
      "pattern": "\\S"
    },
    "startsAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "minutes": {
      "minimum": 15,
      "maximum": 300
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    },
    "recording": {
      "minimum": 1
    }
  },
  "SessionStatus": {
    "enum": [
      "scheduled",
      "cancelled"
    ]
  },
  "Slot": {
    "minutes": {
      "minimum": 0
    },
    "seatsLeft": {
      "minimum": 0
    }
  },
  "SlotChange": {
    "startsAt": {
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"
    },
    "minutes": {
      "minimum": 30,
      "maximum": 45
    },
    "seats": {
      "minimum": 1,
      "maximum": 50
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    },
    "courseId": {
      "pattern": "^([0-9a-f]{24})?$"
    }
  },
  "SlotRequest": {
    "start": {
      "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"
    },
    "minutes": {
      "minimum": 15,
      "maximum": 300
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    }
  },
  "SlotView": {
    "minutes": {
      "minimum": 0
    }
  },
  "StaffAssignment": {
    "points": {
      "minimum": 0
    },
    "lectureNumber": {
      "minimum": 0
    },
    "submitted": {
      "minimum": 0
    },
    "waiting": {
      "minimum": 0
    }
  },
  "StaffBatch": {
    "enrolled": {
      "minimum": 0
    },
    "active": {
      "minimum": 0
    }
  },
  "StaffLecture": {
    "lectureNumber": {
      "minimum": 0
    },
    "percent": {
      "minimum": 0
    },
    "rungs": {
      "[]": {
        "minimum": 0
      }
    }
  },
  "StaffSession": {
    "minutes": {
      "minimum": 0
    },
    "sequence": {
      "minimum": 0
    },
    "attended": {
      "minimum": 0
    }
  },
  "StaffSlot": {
    "minutes": {
      "minimum": 0
    },
    "seatsLeft": {
      "minimum": 0
    },
    "seats": {
      "minimum": 0
    },
    "booked": {
      "minimum": 0
    }
  },
  "StatusChange": {
    "enum": [
      "cancelled"
    ]
  },
  "StudentAttendance": {
    "present": {
      "minimum": 0
    },
    "absent": {
      "minimum": 0
    },
    "excused": {
      "minimum": 0
    },
    "percent": {
      "minimum": 0
    }
  },
  "StudentCompletion": {
    "lecturesWatched": {
      "minimum": 0
    }
  },
  "StudentReport": {
    "lecturesWatched": {
      "minimum": 0
    },
    "attendancePercent": {
      "minimum": 0
    },
    "assignmentsDone": {
      "minimum": 0
    },
    "assignmentsPassed": {
      "minimum": 0
    }
  },
  "SubmissionDraft": {
    "text": {
      "maxLength": 20000
    },
    "links": {
      "maxItems": 5,
      "[]": {
        "maxLength": 2048,
        "pattern": "^https?://[^\\s/?#@]+([/?#]\\S*)?$"
      }
    },
    "files": {
      "maxItems": 5,
      "[]": {
        "pattern": "^[0-9a-f]{24}$"
      }
    }
  },
  "SubmissionRow": {
    "version": {
      "minimum": 0
    }
  },
  "SubmissionStatus": {
    "enum": [
      "pending",
      "sent",
      "failed"
    ]
  },
  "TimetableRequest": {
    "timeZone": {
      "enum": [
        "Africa/Abidjan",
        "Africa/Accra",
        "Africa/Addis_Ababa",
        "Africa/Algiers",
        "Africa/Asmara",
        "Africa/Asmera",
        "Africa/Bamako",
        "Africa/Bangui",
        "Africa/Banjul",
        "Africa/Bissau",
        "Africa/Blantyre",
        "Africa/Brazzaville",
        "Africa/Bujumbura",
        "Africa/Cairo",
        "Africa/Casablanca",
        "Africa/Ceuta",
        "Africa/Conakry",
        "Africa/Dakar",
        "Africa/Dar_es_Salaam",
        "Africa/Djibouti",
        "Africa/Douala",
        "Africa/El_Aaiun",
        "Africa/Freetown",
        "Africa/Gaborone",
        "Africa/Harare",
        "Africa/Johannesburg",
        "Africa/Juba",
        "Africa/Kampala",
        "Africa/Khartoum",
        "Africa/Kigali",
        "Africa/Kinshasa",
        "Africa/Lagos",
        "Africa/Libreville",
        "Africa/Lome",
        "Africa/Luanda",
        "Africa/Lubumbashi",
        "Africa/Lusaka",
        "Africa/Malabo",
        "Africa/Maputo",
        "Africa/Maseru",
        "Africa/Mbabane",
        "Africa/Mogadishu",
        "Africa/Monrovia",
        "Africa/Nairobi",
        "Africa/Ndjamena",
        "Africa/Niamey",
        "Africa/Nouakchott",
        "Africa/Ouagadougou",
        "Africa/Porto-Novo",
        "Africa/Sao_Tome",
        "Africa/Timbuktu",
        "Africa/Tripoli",
        "Africa/Tunis",
        "Africa/Windhoek",
        "America/Adak",
        "America/Anchorage",
        "America/Anguilla",
        "America/Antigua",
        "America/Araguaina",
        "America/Argentina/Buenos_Aires",
        "America/Argentina/Catamarca",
        "America/Argentina/ComodRivadavia",
        "America/Argentina/Cordoba",
        "America/Argentina/Jujuy",
        "America/Argentina/La_Rioja",
        "America/Argentina/Mendoza",
        "America/Argentina/Rio_Gallegos",
        "America/Argentina/Salta",
        "America/Argentina/San_Juan",
        "America/Argentina/San_Luis",
        "America/Argentina/Tucuman",
        "America/Argentina/Ushuaia",
        "America/Aruba",
        "America/Asuncion",
        "America/Atikokan",
        "America/Atka",
        "America/Bahia",
        "America/Bahia_Banderas",
        "America/Barbados",
        "America/Belem",
        "America/Belize",
        "America/Blanc-Sablon",
        "America/Boa_Vista",
        "America/Bogota",
        "America/Boise",
        "America/Buenos_Aires",
        "America/Cambridge_Bay",
        "America/Campo_Grande",
        "America/Cancun",
        "America/Caracas",
        "America/Catamarca",
        "America/Cayenne",
        "America/Cayman",
        "America/Chicago",
        "America/Chihuahua",
        "America/Ciudad_Juarez",
        "America/Coral_Harbour",
        "America/Cordoba",
        "America/Costa_Rica",
        "America/Coyhaique",
        "America/Creston",
        "America/Cuiaba",
        "America/Curacao",
        "America/Danmarkshavn",
        "America/Dawson",
        "America/Dawson_Creek",
        "America/Denver",
        "America/Detroit",
        "America/Dominica",
        "America/Edmonton",
        "America/Eirunepe",
        "America/El_Salvador",
        "America/Ensenada",
        "America/Fort_Nelson",
        "America/Fort_Wayne",
        "America/Fortaleza",
        "America/Glace_Bay",
        "America/Godthab",
        "America/Goose_Bay",
        "America/Grand_Turk",
        "America/Grenada",
        "America/Guadeloupe",
        "America/Guatemala",
        "America/Guayaquil",
        "America/Guyana",
        "America/Halifax",
        "America/Havana",
        "America/Hermosillo",
        "America/Indiana/Indianapolis",
        "America/Indiana/Knox",
        "America/Indiana/Marengo",
        "America/Indiana/Petersburg",
        "America/Indiana/Tell_City",
        "America/Indiana/Vevay",
        "America/Indiana/Vincennes",
        "America/Indiana/Winamac",
        "America/Indianapolis",
        "America/Inuvik",
        "America/Iqaluit",
        "America/Jamaica",
        "America/Jujuy",
        "America/Juneau",
        "America/Kentucky/Louisville",
        "America/Kentucky/Monticello",
        "America/Knox_IN",
        "America/Kralendijk",
        "America/La_Paz",
        "America/Lima",
        "America/Los_Angeles",
        "America/Louisville",
        "America/Lower_Princes",
        "America/Maceio",
        "America/Managua",
        "America/Manaus",
        "America/Marigot",
        "America/Martinique",
        "America/Matamoros",
        "America/Mazatlan",
        "America/Mendoza",
        "America/Menominee",
        "America/Merida",
        "America/Metlakatla",
        "America/Mexico_City",
        "America/Miquelon",
        "America/Moncton",
        "America/Monterrey",
        "America/Montevideo",
        "America/Montreal",
        "America/Montserrat",
        "America/Nassau",
        "America/New_York",
        "America/Nipigon",
        "America/Nome",
        "America/Noronha",
        "America/North_Dakota/Beulah",
        "America/North_Dakota/Center",
        "America/North_Dakota/New_Salem",
        "America/Nuuk",
        "America/Ojinaga",
        "America/Panama",
        "America/Pangnirtung",
        "America/Paramaribo",
        "America/Phoenix",
        "America/Port-au-Prince",
        "America/Port_of_Spain",
        "America/Porto_Acre",
        "America/Porto_Velho",
        "America/Puerto_Rico",
        "America/Punta_Arenas",
        "America/Rainy_River",
        "America/Rankin_Inlet",
        "America/Recife",
        "America/Regina",
        "America/Resolute",
        "America/Rio_Branco",
        "America/Rosario",
        "America/Santa_Isabel",
        "America/Santarem",
        "America/Santiago",
        "America/Santo_Domingo",
        "America/Sao_Paulo",
        "America/Scoresbysund",
        "America/Shiprock",
        "America/Sitka",
        "America/St_Barthelemy",
        "America/St_Johns",
        "America/St_Kitts",
        "America/St_Lucia",
        "America/St_Thomas",
        "America/St_Vincent",
        "America/Swift_Current",
        "America/Tegucigalpa",
        "America/Thule",
        "America/Thunder_Bay",
        "America/Tijuana",
        "America/Toronto",
        "America/Tortola",
        "America/Vancouver",
        "America/Virgin",
        "America/Whitehorse",
        "America/Winnipeg",
        "America/Yakutat",
        "America/Yellowknife",
        "Antarctica/Casey",
        "Antarctica/Davis",
        "Antarctica/DumontDUrville",
        "Antarctica/Macquarie",
        "Antarctica/Mawson",
        "Antarctica/McMurdo",
        "Antarctica/Palmer",
        "Antarctica/Rothera",
        "Antarctica/South_Pole",
        "Antarctica/Syowa",
        "Antarctica/Troll",
        "Antarctica/Vostok",
        "Arctic/Longyearbyen",
        "Asia/Aden",
        "Asia/Almaty",
        "Asia/Amman",
        "Asia/Anadyr",
        "Asia/Aqtau",
        "Asia/Aqtobe",
        "Asia/Ashgabat",
        "Asia/Ashkhabad",
        "Asia/Atyrau",
        "Asia/Baghdad",
        "Asia/Bahrain",
        "Asia/Baku",
        "Asia/Bangkok",
        "Asia/Barnaul",
        "Asia/Beirut",
        "Asia/Bishkek",
        "Asia/Brunei",
        "Asia/Calcutta",
        "Asia/Chita",
        "Asia/Choibalsan",
        "Asia/Chongqing",
        "Asia/Chungking",
        "Asia/Colombo",
        "Asia/Dacca",
        "Asia/Damascus",
        "Asia/Dhaka",
        "Asia/Dili",
        "Asia/Dubai",
        "Asia/Dushanbe",
        "Asia/Famagusta",
        "Asia/Gaza",
        "Asia/Harbin",
        "Asia/Hebron",
        "Asia/Ho_Chi_Minh",
        "Asia/Hong_Kong",
        "Asia/Hovd",
        "Asia/Irkutsk",
        "Asia/Istanbul",
        "Asia/Jakarta",
        "Asia/Jayapura",
        "Asia/Jerusalem",
        "Asia/Kabul",
        "Asia/Kamchatka",
        "Asia/Karachi",
        "Asia/Kashgar",
        "Asia/Kathmandu",
        "Asia/Katmandu",
        "Asia/Khandyga",
        "Asia/Kolkata",
        "Asia/Krasnoyarsk",
        "Asia/Kuala_Lumpur",
        "Asia/Kuching",
        "Asia/Kuwait",
        "Asia/Macao",
        "Asia/Macau",
        "Asia/Magadan",
        "Asia/Makassar",
        "Asia/Manila",
        "Asia/Muscat",
        "Asia/Nicosia",
        "Asia/Novokuznetsk",
        "Asia/Novosibirsk",
        "Asia/Omsk",
        "Asia/Oral",
        "Asia/Phnom_Penh",
        "Asia/Pontianak",
        "Asia/Pyongyang",
        "Asia/Qatar",
        "Asia/Qostanay",
        "Asia/Qyzylorda",
        "Asia/Rangoon",
        "Asia/Riyadh",
        "Asia/Saigon",
        "Asia/Sakhalin",
        "Asia/Samarkand",
        "Asia/Seoul",
        "Asia/Shanghai",
        "Asia/Singapore",
        "Asia/Srednekolymsk",
        "Asia/Taipei",
        "Asia/Tashkent",
        "Asia/Tbilisi",
        "Asia/Tehran",
        "Asia/Tel_Aviv",
        "Asia/Thimbu",
        "Asia/Thimphu",
        "Asia/Tokyo",
        "Asia/Tomsk",
        "Asia/Ujung_Pandang",
        "Asia/Ulaanbaatar",
        "Asia/Ulan_Bator",
        "Asia/Urumqi",
        "Asia/Ust-Nera",
        "Asia/Vientiane",
        "Asia/Vladivostok",
        "Asia/Yakutsk",
        "Asia/Yangon",
        "Asia/Yekaterinburg",
        "Asia/Yerevan",
        "Atlantic/Azores",
        "Atlantic/Bermuda",
        "Atlantic/Canary",
        "Atlantic/Cape_Verde",
        "Atlantic/Faeroe",
        "Atlantic/Faroe",
        "Atlantic/Jan_Mayen",
        "Atlantic/Madeira",
        "Atlantic/Reykjavik",
        "Atlantic/South_Georgia",
        "Atlantic/St_Helena",
        "Atlantic/Stanley",
        "Australia/ACT",
        "Australia/Adelaide",
        "Australia/Brisbane",
        "Australia/Broken_Hill",
        "Australia/Canberra",
        "Australia/Currie",
        "Australia/Darwin",
        "Australia/Eucla",
        "Australia/Hobart",
        "Australia/LHI",
        "Australia/Lindeman",
        "Australia/Lord_Howe",
        "Australia/Melbourne",
        "Australia/NSW",
        "Australia/North",
        "Australia/Perth",
        "Australia/Queensland",
        "Australia/South",
        "Australia/Sydney",
        "Australia/Tasmania",
        "Australia/Victoria",
        "Australia/West",
        "Australia/Yancowinna",
        "Brazil/Acre",
        "Brazil/DeNoronha",
        "Brazil/East",
        "Brazil/West",
        "CET",
        "CST6CDT",
        "Canada/Atlantic",
        "Canada/Central",
        "Canada/Eastern",
        "Canada/Mountain",
        "Canada/Newfoundland",
        "Canada/Pacific",
        "Canada/Saskatchewan",
        "Canada/Yukon",
        "Chile/Continental",
        "Chile/EasterIsland",
        "Cuba",
        "EET",
        "EST",
        "EST5EDT",
        "Egypt",
        "Eire",
        "Etc/GMT",
        "Etc/GMT+0",
        "Etc/GMT+1",
        "Etc/GMT+10",
        "Etc/GMT+11",
        "Etc/GMT+12",
        "Etc/GMT+2",
        "Etc/GMT+3",
        "Etc/GMT+4",
        "Etc/GMT+5",
        "Etc/GMT+6",
        "Etc/GMT+7",
        "Etc/GMT+8",
        "Etc/GMT+9",
        "Etc/GMT-0",
        "Etc/GMT-1",
        "Etc/GMT-10",
        "Etc/GMT-11",
        "Etc/GMT-12",
        "Etc/GMT-13",
        "Etc/GMT-14",
        "Etc/GMT-2",
        "Etc/GMT-3",
        "Etc/GMT-4",
        "Etc/GMT-5",
        "Etc/GMT-6",
        "Etc/GMT-7",
        "Etc/GMT-8",
        "Etc/GMT-9",
        "Etc/GMT0",
        "Etc/Greenwich",
        "Etc/UCT",
        "Etc/UTC",
        "Etc/Universal",
        "Etc/Zulu",
        "Europe/Amsterdam",
        "Europe/Andorra",
        "Europe/Astrakhan",
        "Europe/Athens",
        "Europe/Belfast",
        "Europe/Belgrade",
        "Europe/Berlin",
        "Europe/Bratislava",
        "Europe/Brussels",
        "Europe/Bucharest",
        "Europe/Budapest",
        "Europe/Busingen",
        "Europe/Chisinau",
        "Europe/Copenhagen",
        "Europe/Dublin",
        "Europe/Gibraltar",
        "Europe/Guernsey",
        "Europe/Helsinki",
        "Europe/Isle_of_Man",
        "Europe/Istanbul",
        "Europe/Jersey",
        "Europe/Kaliningrad",
        "Europe/Kiev",
        "Europe/Kirov",
        "Europe/Kyiv",
        "Europe/Lisbon",
        "Europe/Ljubljana",
        "Europe/London",
        "Europe/Luxembourg",
        "Europe/Madrid",
        "Europe/Malta",
        "Europe/Mariehamn",
        "Europe/Minsk",
        "Europe/Monaco",
        "Europe/Moscow",
        "Europe/Nicosia",
        "Europe/Oslo",
        "Europe/Paris",
        "Europe/Podgorica",
        "Europe/Prague",
        "Europe/Riga",
        "Europe/Rome",
        "Europe/Samara",
        "Europe/San_Marino",
        "Europe/Sarajevo",
        "Europe/Saratov",
        "Europe/Simferopol",
        "Europe/Skopje",
        "Europe/Sofia",
        "Europe/Stockholm",
        "Europe/Tallinn",
        "Europe/Tirane",
        "Europe/Tiraspol",
        "Europe/Ulyanovsk",
        "Europe/Uzhgorod",
        "Europe/Vaduz",
        "Europe/Vatican",
        "Europe/Vienna",
        "Europe/Vilnius",
        "Europe/Volgograd",
        "Europe/Warsaw",
        "Europe/Zagreb",
        "Europe/Zaporozhye",
        "Europe/Zurich",
        "GB",
        "GB-Eire",
        "GMT",
        "GMT+0",
        "GMT-0",
        "GMT0",
        "Greenwich",
        "HST",
        "Hongkong",
        "Iceland",
        "Indian/Antananarivo",
        "Indian/Chagos",
        "Indian/Christmas",
        "Indian/Cocos",
        "Indian/Comoro",
        "Indian/Kerguelen",
        "Indian/Mahe",
        "Indian/Maldives",
        "Indian/Mauritius",
        "Indian/Mayotte",
        "Indian/Reunion",
        "Iran",
        "Israel",
        "Jamaica",
        "Japan",
        "Kwajalein",
        "Libya",
        "MET",
        "MST",
        "MST7MDT",
        "Mexico/BajaNorte",
        "Mexico/BajaSur",
        "Mexico/General",
        "NZ",
        "NZ-CHAT",
        "Navajo",
        "PRC",
        "PST8PDT",
        "Pacific/Apia",
        "Pacific/Auckland",
        "Pacific/Bougainville",
        "Pacific/Chatham",
        "Pacific/Chuuk",
        "Pacific/Easter",
        "Pacific/Efate",
        "Pacific/Enderbury",
        "Pacific/Fakaofo",
        "Pacific/Fiji",
        "Pacific/Funafuti",
        "Pacific/Galapagos",
        "Pacific/Gambier",
        "Pacific/Guadalcanal",
        "Pacific/Guam",
        "Pacific/Honolulu",
        "Pacific/Johnston",
        "Pacific/Kanton",
        "Pacific/Kiritimati",
        "Pacific/Kosrae",
        "Pacific/Kwajalein",
        "Pacific/Majuro",
        "Pacific/Marquesas",
        "Pacific/Midway",
        "Pacific/Nauru",
        "Pacific/Niue",
        "Pacific/Norfolk",
        "Pacific/Noumea",
        "Pacific/Pago_Pago",
        "Pacific/Palau",
        "Pacific/Pitcairn",
        "Pacific/Pohnpei",
        "Pacific/Ponape",
        "Pacific/Port_Moresby",
        "Pacific/Rarotonga",
        "Pacific/Saipan",
        "Pacific/Samoa",
        "Pacific/Tahiti",
        "Pacific/Tarawa",
        "Pacific/Tongatapu",
        "Pacific/Truk",
        "Pacific/Wake",
        "Pacific/Wallis",
        "Pacific/Yap",
        "Poland",
        "Portugal",
        "ROC",
        "ROK",
        "Singapore",
        "Turkey",
        "UCT",
        "US/Alaska",
        "US/Aleutian",
        "US/Arizona",
        "US/Central",
        "US/East-Indiana",
        "US/Eastern",
        "US/Hawaii",
        "US/Indiana-Starke",
        "US/Michigan",
        "US/Mountain",
        "US/Pacific",
        "US/Samoa",
        "UTC",
        "Universal",
        "W-SU",
        "WET",
        "Zulu"
      ]
    },
    "slots": {
      "minItems": 1,
      "maxItems": 14
    },
    "meetingUrl": {
      "maxLength": 2048,
      "pattern": "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$"
    }
  },
  "UploadPart": {
    "number": {
      "minimum": 0
    }
  },
  "UploadRequest": {
    "fileName": {
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$"
    },
    "size": {
      "minimum": 1,
      "maximum": 10737418240
    },
    "contentType": {
      "pattern": "^video/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$"
    }
  },
  "UploadStarted": {
    "partSize": {
      "minimum": 0
    }
  },
  "UploadView": {
    "size": {
      "minimum": 0
    },
    "partSize": {
      "minimum": 0
    }
  },
  "UploadedPart": {
    "number": {
      "minimum": 1,
      "maximum": 10000
    },
    "etag": {
      "minLength": 1,
      "maxLength": 256,
      "pattern": "\\S"
    }
  },
  "Verdict": {
    "enum": [
      "passed",
      "needs-work"
    ]
  },
  "VersionView": {
    "number": {
      "minimum": 0
    }
  },
  "Video": {
    "lectureNumber": {
      "minimum": 0
    }
  },
  "Weekday": {
    "enum": [
      "mon",
      "tue",
      "wed",
      "thu",
      "fri",
      "sat",
      "sun"
    ]
  },
  "WorkState": {
    "enum": [
      "not-started",
      "draft",
      "submitted",
      "late",
      "reviewed"
    ]
  }
} as const;
