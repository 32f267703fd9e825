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
  "Marking": {
    "enum": [
      "pass",
      "points"
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
  "RecordingRef": {
    "lectureNumber": {
      "minimum": 0
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
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$"
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
