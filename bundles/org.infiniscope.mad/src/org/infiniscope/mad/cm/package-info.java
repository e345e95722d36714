/** Communication management: REQ, MRA, REJ, REP, RTU, DREQ, DREP, SIDR_REQ/REP, LAP, APR. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.cm;
