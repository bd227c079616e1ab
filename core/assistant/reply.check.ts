// Written by `npm run checks` from `webhookReply` of core/assistant/contract.ts: do not edit.
// @ts-nocheck -- Ajv's standalone code (scripts/lib/compiled-checks.ts)
const schema11 = {
  type: 'object',
  properties: {
    message_id: { type: 'string' },
    response: { type: ['string', 'null'] },
    timestamp: { type: ['string', 'null'] },
    files: {
      anyOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              filename: {
                type: 'string',
                minLength: 1,
                maxLength: 255,
                pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uD800-\\uDFFF]*$',
              },
              type: {
                type: 'string',
                maxLength: 255,
                pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uD800-\\uDFFF]*$',
              },
              url: { type: 'string', maxLength: 2048, pattern: '^([Hh][Tt][Tt][Pp][Ss]?:\\/\\/|\\/(?!\\/))' },
            },
            required: ['filename', 'type', 'url'],
          },
        },
        { type: 'null' },
      ],
    },
    voice: {
      anyOf: [
        {
          type: 'object',
          properties: {
            url: { type: 'string', maxLength: 2048, pattern: '^([Hh][Tt][Tt][Pp][Ss]?:\\/\\/|\\/(?!\\/))' },
            duration: { type: 'number', minimum: 0, maximum: 3600 },
          },
          required: ['url', 'duration'],
        },
        { type: 'null' },
      ],
    },
    kind: { type: 'string', enum: ['answer', 'unsure', 'not-found', 'handoff', 'medical', 'social', 'notice'] },
    sources: {
      maxItems: 3,
      type: 'array',
      items: {
        type: 'object',
        properties: {
          page: { type: 'string', maxLength: 300, pattern: '^\\/(?!\\/)' },
          section: {
            type: 'string',
            maxLength: 120,
            pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uD800-\\uDFFF]*$',
          },
        },
        required: ['page'],
      },
    },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    handoff: { type: 'boolean' },
  },
};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp('^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uD800-\\uDFFF]*$', 'u');
const pattern2 = new RegExp('^([Hh][Tt][Tt][Pp][Ss]?:\\/\\/|\\/(?!\\/))', 'u');
const pattern4 = new RegExp('^\\/(?!\\/)', 'u');
function validate10(data, { instancePath = '', parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (errors === 0) {
    if (data && typeof data == 'object' && !Array.isArray(data)) {
      const _errs1 = errors;
      for (const key0 in data) {
        if (!func2.call(schema11.properties, key0)) {
          delete data[key0];
        }
      }
      if (_errs1 === errors) {
        if (data.message_id !== undefined) {
          const _errs2 = errors;
          if (typeof data.message_id !== 'string') {
            validate10.errors = [{ instancePath: instancePath + '/message_id' }];
            return false;
          }
          var valid0 = _errs2 === errors;
        } else {
          var valid0 = true;
        }
        if (valid0) {
          if (data.response !== undefined) {
            let data1 = data.response;
            const _errs4 = errors;
            if (typeof data1 !== 'string' && data1 !== null) {
              validate10.errors = [{ instancePath: instancePath + '/response' }];
              return false;
            }
            var valid0 = _errs4 === errors;
          } else {
            var valid0 = true;
          }
          if (valid0) {
            if (data.timestamp !== undefined) {
              let data2 = data.timestamp;
              const _errs6 = errors;
              if (typeof data2 !== 'string' && data2 !== null) {
                validate10.errors = [{ instancePath: instancePath + '/timestamp' }];
                return false;
              }
              var valid0 = _errs6 === errors;
            } else {
              var valid0 = true;
            }
            if (valid0) {
              if (data.files !== undefined) {
                let data3 = data.files;
                const _errs8 = errors;
                const _errs9 = errors;
                let valid1 = false;
                const _errs10 = errors;
                if (errors === _errs10) {
                  if (Array.isArray(data3)) {
                    var valid2 = true;
                    const len0 = data3.length;
                    for (let i0 = 0; i0 < len0; i0++) {
                      let data4 = data3[i0];
                      const _errs12 = errors;
                      if (errors === _errs12) {
                        if (data4 && typeof data4 == 'object' && !Array.isArray(data4)) {
                          let missing0;
                          if (
                            (data4.filename === undefined && (missing0 = 'filename')) ||
                            (data4.type === undefined && (missing0 = 'type')) ||
                            (data4.url === undefined && (missing0 = 'url'))
                          ) {
                            const err0 = {
                              instancePath: instancePath + '/files/' + i0,
                              params: { missingProperty: missing0 },
                            };
                            if (vErrors === null) {
                              vErrors = [err0];
                            } else {
                              vErrors.push(err0);
                            }
                            errors++;
                          } else {
                            const _errs14 = errors;
                            for (const key1 in data4) {
                              if (!(key1 === 'filename' || key1 === 'type' || key1 === 'url')) {
                                delete data4[key1];
                              }
                            }
                            if (_errs14 === errors) {
                              if (data4.filename !== undefined) {
                                let data5 = data4.filename;
                                const _errs15 = errors;
                                if (errors === _errs15) {
                                  if (typeof data5 === 'string') {
                                    if (data5.length > 255) {
                                      const err1 = { instancePath: instancePath + '/files/' + i0 + '/filename' };
                                      if (vErrors === null) {
                                        vErrors = [err1];
                                      } else {
                                        vErrors.push(err1);
                                      }
                                      errors++;
                                    } else {
                                      if (data5.length < 1) {
                                        const err2 = { instancePath: instancePath + '/files/' + i0 + '/filename' };
                                        if (vErrors === null) {
                                          vErrors = [err2];
                                        } else {
                                          vErrors.push(err2);
                                        }
                                        errors++;
                                      } else {
                                        if (!pattern0.test(data5)) {
                                          const err3 = { instancePath: instancePath + '/files/' + i0 + '/filename' };
                                          if (vErrors === null) {
                                            vErrors = [err3];
                                          } else {
                                            vErrors.push(err3);
                                          }
                                          errors++;
                                        }
                                      }
                                    }
                                  } else {
                                    const err4 = { instancePath: instancePath + '/files/' + i0 + '/filename' };
                                    if (vErrors === null) {
                                      vErrors = [err4];
                                    } else {
                                      vErrors.push(err4);
                                    }
                                    errors++;
                                  }
                                }
                                var valid3 = _errs15 === errors;
                              } else {
                                var valid3 = true;
                              }
                              if (valid3) {
                                if (data4.type !== undefined) {
                                  let data6 = data4.type;
                                  const _errs17 = errors;
                                  if (errors === _errs17) {
                                    if (typeof data6 === 'string') {
                                      if (data6.length > 255) {
                                        const err5 = { instancePath: instancePath + '/files/' + i0 + '/type' };
                                        if (vErrors === null) {
                                          vErrors = [err5];
                                        } else {
                                          vErrors.push(err5);
                                        }
                                        errors++;
                                      } else {
                                        if (!pattern0.test(data6)) {
                                          const err6 = { instancePath: instancePath + '/files/' + i0 + '/type' };
                                          if (vErrors === null) {
                                            vErrors = [err6];
                                          } else {
                                            vErrors.push(err6);
                                          }
                                          errors++;
                                        }
                                      }
                                    } else {
                                      const err7 = { instancePath: instancePath + '/files/' + i0 + '/type' };
                                      if (vErrors === null) {
                                        vErrors = [err7];
                                      } else {
                                        vErrors.push(err7);
                                      }
                                      errors++;
                                    }
                                  }
                                  var valid3 = _errs17 === errors;
                                } else {
                                  var valid3 = true;
                                }
                                if (valid3) {
                                  if (data4.url !== undefined) {
                                    let data7 = data4.url;
                                    const _errs19 = errors;
                                    if (errors === _errs19) {
                                      if (typeof data7 === 'string') {
                                        if (data7.length > 2048) {
                                          const err8 = { instancePath: instancePath + '/files/' + i0 + '/url' };
                                          if (vErrors === null) {
                                            vErrors = [err8];
                                          } else {
                                            vErrors.push(err8);
                                          }
                                          errors++;
                                        } else {
                                          if (!pattern2.test(data7)) {
                                            const err9 = { instancePath: instancePath + '/files/' + i0 + '/url' };
                                            if (vErrors === null) {
                                              vErrors = [err9];
                                            } else {
                                              vErrors.push(err9);
                                            }
                                            errors++;
                                          }
                                        }
                                      } else {
                                        const err10 = { instancePath: instancePath + '/files/' + i0 + '/url' };
                                        if (vErrors === null) {
                                          vErrors = [err10];
                                        } else {
                                          vErrors.push(err10);
                                        }
                                        errors++;
                                      }
                                    }
                                    var valid3 = _errs19 === errors;
                                  } else {
                                    var valid3 = true;
                                  }
                                }
                              }
                            }
                          }
                        } else {
                          const err11 = { instancePath: instancePath + '/files/' + i0 };
                          if (vErrors === null) {
                            vErrors = [err11];
                          } else {
                            vErrors.push(err11);
                          }
                          errors++;
                        }
                      }
                      var valid2 = _errs12 === errors;
                      if (!valid2) {
                        break;
                      }
                    }
                  } else {
                    const err12 = { instancePath: instancePath + '/files' };
                    if (vErrors === null) {
                      vErrors = [err12];
                    } else {
                      vErrors.push(err12);
                    }
                    errors++;
                  }
                }
                var _valid0 = _errs10 === errors;
                valid1 = valid1 || _valid0;
                if (!valid1) {
                  const _errs21 = errors;
                  if (data3 !== null) {
                    const err13 = { instancePath: instancePath + '/files' };
                    if (vErrors === null) {
                      vErrors = [err13];
                    } else {
                      vErrors.push(err13);
                    }
                    errors++;
                  }
                  var _valid0 = _errs21 === errors;
                  valid1 = valid1 || _valid0;
                }
                if (!valid1) {
                  const err14 = { instancePath: instancePath + '/files' };
                  if (vErrors === null) {
                    vErrors = [err14];
                  } else {
                    vErrors.push(err14);
                  }
                  errors++;
                  validate10.errors = vErrors;
                  return false;
                } else {
                  errors = _errs9;
                  if (vErrors !== null) {
                    if (_errs9) {
                      vErrors.length = _errs9;
                    } else {
                      vErrors = null;
                    }
                  }
                }
                var valid0 = _errs8 === errors;
              } else {
                var valid0 = true;
              }
              if (valid0) {
                if (data.voice !== undefined) {
                  let data8 = data.voice;
                  const _errs23 = errors;
                  const _errs24 = errors;
                  let valid4 = false;
                  const _errs25 = errors;
                  if (errors === _errs25) {
                    if (data8 && typeof data8 == 'object' && !Array.isArray(data8)) {
                      let missing1;
                      if (
                        (data8.url === undefined && (missing1 = 'url')) ||
                        (data8.duration === undefined && (missing1 = 'duration'))
                      ) {
                        const err15 = { instancePath: instancePath + '/voice', params: { missingProperty: missing1 } };
                        if (vErrors === null) {
                          vErrors = [err15];
                        } else {
                          vErrors.push(err15);
                        }
                        errors++;
                      } else {
                        const _errs27 = errors;
                        for (const key2 in data8) {
                          if (!(key2 === 'url' || key2 === 'duration')) {
                            delete data8[key2];
                          }
                        }
                        if (_errs27 === errors) {
                          if (data8.url !== undefined) {
                            let data9 = data8.url;
                            const _errs28 = errors;
                            if (errors === _errs28) {
                              if (typeof data9 === 'string') {
                                if (data9.length > 2048) {
                                  const err16 = { instancePath: instancePath + '/voice/url' };
                                  if (vErrors === null) {
                                    vErrors = [err16];
                                  } else {
                                    vErrors.push(err16);
                                  }
                                  errors++;
                                } else {
                                  if (!pattern2.test(data9)) {
                                    const err17 = { instancePath: instancePath + '/voice/url' };
                                    if (vErrors === null) {
                                      vErrors = [err17];
                                    } else {
                                      vErrors.push(err17);
                                    }
                                    errors++;
                                  }
                                }
                              } else {
                                const err18 = { instancePath: instancePath + '/voice/url' };
                                if (vErrors === null) {
                                  vErrors = [err18];
                                } else {
                                  vErrors.push(err18);
                                }
                                errors++;
                              }
                            }
                            var valid5 = _errs28 === errors;
                          } else {
                            var valid5 = true;
                          }
                          if (valid5) {
                            if (data8.duration !== undefined) {
                              let data10 = data8.duration;
                              const _errs30 = errors;
                              if (errors === _errs30) {
                                if (typeof data10 == 'number' && isFinite(data10)) {
                                  if (data10 > 3600 || isNaN(data10)) {
                                    const err19 = { instancePath: instancePath + '/voice/duration' };
                                    if (vErrors === null) {
                                      vErrors = [err19];
                                    } else {
                                      vErrors.push(err19);
                                    }
                                    errors++;
                                  } else {
                                    if (data10 < 0 || isNaN(data10)) {
                                      const err20 = { instancePath: instancePath + '/voice/duration' };
                                      if (vErrors === null) {
                                        vErrors = [err20];
                                      } else {
                                        vErrors.push(err20);
                                      }
                                      errors++;
                                    }
                                  }
                                } else {
                                  const err21 = { instancePath: instancePath + '/voice/duration' };
                                  if (vErrors === null) {
                                    vErrors = [err21];
                                  } else {
                                    vErrors.push(err21);
                                  }
                                  errors++;
                                }
                              }
                              var valid5 = _errs30 === errors;
                            } else {
                              var valid5 = true;
                            }
                          }
                        }
                      }
                    } else {
                      const err22 = { instancePath: instancePath + '/voice' };
                      if (vErrors === null) {
                        vErrors = [err22];
                      } else {
                        vErrors.push(err22);
                      }
                      errors++;
                    }
                  }
                  var _valid1 = _errs25 === errors;
                  valid4 = valid4 || _valid1;
                  if (!valid4) {
                    const _errs32 = errors;
                    if (data8 !== null) {
                      const err23 = { instancePath: instancePath + '/voice' };
                      if (vErrors === null) {
                        vErrors = [err23];
                      } else {
                        vErrors.push(err23);
                      }
                      errors++;
                    }
                    var _valid1 = _errs32 === errors;
                    valid4 = valid4 || _valid1;
                  }
                  if (!valid4) {
                    const err24 = { instancePath: instancePath + '/voice' };
                    if (vErrors === null) {
                      vErrors = [err24];
                    } else {
                      vErrors.push(err24);
                    }
                    errors++;
                    validate10.errors = vErrors;
                    return false;
                  } else {
                    errors = _errs24;
                    if (vErrors !== null) {
                      if (_errs24) {
                        vErrors.length = _errs24;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                  var valid0 = _errs23 === errors;
                } else {
                  var valid0 = true;
                }
                if (valid0) {
                  if (data.kind !== undefined) {
                    let data11 = data.kind;
                    const _errs34 = errors;
                    if (typeof data11 !== 'string') {
                      validate10.errors = [{ instancePath: instancePath + '/kind' }];
                      return false;
                    }
                    if (!(
                      data11 === 'answer' ||
                      data11 === 'unsure' ||
                      data11 === 'not-found' ||
                      data11 === 'handoff' ||
                      data11 === 'medical' ||
                      data11 === 'social' ||
                      data11 === 'notice'
                    )) {
                      validate10.errors = [{ instancePath: instancePath + '/kind' }];
                      return false;
                    }
                    var valid0 = _errs34 === errors;
                  } else {
                    var valid0 = true;
                  }
                  if (valid0) {
                    if (data.sources !== undefined) {
                      let data12 = data.sources;
                      const _errs36 = errors;
                      if (errors === _errs36) {
                        if (Array.isArray(data12)) {
                          if (data12.length > 3) {
                            validate10.errors = [{ instancePath: instancePath + '/sources' }];
                            return false;
                          } else {
                            var valid6 = true;
                            const len1 = data12.length;
                            for (let i1 = 0; i1 < len1; i1++) {
                              let data13 = data12[i1];
                              const _errs38 = errors;
                              if (errors === _errs38) {
                                if (data13 && typeof data13 == 'object' && !Array.isArray(data13)) {
                                  let missing2;
                                  if (data13.page === undefined && (missing2 = 'page')) {
                                    validate10.errors = [
                                      {
                                        instancePath: instancePath + '/sources/' + i1,
                                        params: { missingProperty: missing2 },
                                      },
                                    ];
                                    return false;
                                  } else {
                                    const _errs40 = errors;
                                    for (const key3 in data13) {
                                      if (!(key3 === 'page' || key3 === 'section')) {
                                        delete data13[key3];
                                      }
                                    }
                                    if (_errs40 === errors) {
                                      if (data13.page !== undefined) {
                                        let data14 = data13.page;
                                        const _errs41 = errors;
                                        if (errors === _errs41) {
                                          if (typeof data14 === 'string') {
                                            if (data14.length > 300) {
                                              validate10.errors = [
                                                { instancePath: instancePath + '/sources/' + i1 + '/page' },
                                              ];
                                              return false;
                                            } else {
                                              if (!pattern4.test(data14)) {
                                                validate10.errors = [
                                                  { instancePath: instancePath + '/sources/' + i1 + '/page' },
                                                ];
                                                return false;
                                              }
                                            }
                                          } else {
                                            validate10.errors = [
                                              { instancePath: instancePath + '/sources/' + i1 + '/page' },
                                            ];
                                            return false;
                                          }
                                        }
                                        var valid7 = _errs41 === errors;
                                      } else {
                                        var valid7 = true;
                                      }
                                      if (valid7) {
                                        if (data13.section !== undefined) {
                                          let data15 = data13.section;
                                          const _errs43 = errors;
                                          if (errors === _errs43) {
                                            if (typeof data15 === 'string') {
                                              if (data15.length > 120) {
                                                validate10.errors = [
                                                  { instancePath: instancePath + '/sources/' + i1 + '/section' },
                                                ];
                                                return false;
                                              } else {
                                                if (!pattern0.test(data15)) {
                                                  validate10.errors = [
                                                    { instancePath: instancePath + '/sources/' + i1 + '/section' },
                                                  ];
                                                  return false;
                                                }
                                              }
                                            } else {
                                              validate10.errors = [
                                                { instancePath: instancePath + '/sources/' + i1 + '/section' },
                                              ];
                                              return false;
                                            }
                                          }
                                          var valid7 = _errs43 === errors;
                                        } else {
                                          var valid7 = true;
                                        }
                                      }
                                    }
                                  }
                                } else {
                                  validate10.errors = [{ instancePath: instancePath + '/sources/' + i1 }];
                                  return false;
                                }
                              }
                              var valid6 = _errs38 === errors;
                              if (!valid6) {
                                break;
                              }
                            }
                          }
                        } else {
                          validate10.errors = [{ instancePath: instancePath + '/sources' }];
                          return false;
                        }
                      }
                      var valid0 = _errs36 === errors;
                    } else {
                      var valid0 = true;
                    }
                    if (valid0) {
                      if (data.confidence !== undefined) {
                        let data16 = data.confidence;
                        const _errs45 = errors;
                        if (errors === _errs45) {
                          if (typeof data16 == 'number' && isFinite(data16)) {
                            if (data16 > 1 || isNaN(data16)) {
                              validate10.errors = [{ instancePath: instancePath + '/confidence' }];
                              return false;
                            } else {
                              if (data16 < 0 || isNaN(data16)) {
                                validate10.errors = [{ instancePath: instancePath + '/confidence' }];
                                return false;
                              }
                            }
                          } else {
                            validate10.errors = [{ instancePath: instancePath + '/confidence' }];
                            return false;
                          }
                        }
                        var valid0 = _errs45 === errors;
                      } else {
                        var valid0 = true;
                      }
                      if (valid0) {
                        if (data.handoff !== undefined) {
                          const _errs47 = errors;
                          if (typeof data.handoff !== 'boolean') {
                            validate10.errors = [{ instancePath: instancePath + '/handoff' }];
                            return false;
                          }
                          var valid0 = _errs47 === errors;
                        } else {
                          var valid0 = true;
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    } else {
      validate10.errors = [{ instancePath }];
      return false;
    }
  }
  validate10.errors = vErrors;
  return errors === 0;
}
export default validate10;
